import { useMemo, useRef, useState } from 'react';
import { Button, Card, Steps, type FormInstance } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXAM_ANSWER_MODES, EXAM_COUNTDOWN_MODES, EXAM_MARKING_MODES, EXAM_SCORE_DISPLAYS, ExamCreateSchema, type ExamCreate, type ExamDetail } from '@hanlin/shared';
import { RecordEditorCard, SaveAndPublishButtons, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { ApiError } from '../../../platform/api/errors';
import { AudiencePicker, useAudienceGuard } from '../../audiences/index';
import { getExamById, insertExam, publishExams, updateExam } from '../api';
import { CategorySelect, CertificateSelect, PaperPicker, ReviewerPicker, SwitchControl } from './exam-controls';

const choices = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, labelKey: `exam.${prefix}_${v}` }));

/** The three steps of `add-test`: basic information, paper and settings, audience. */
function stepFields(reviewers: { id: number; name: string | null }[]): FieldSpec[][] {
  return [
    [
      { name: 'name', labelKey: 'exam.name', testId: 'exam-name' },
      { name: 'categoryId', labelKey: 'exam.category.name', control: <CategorySelect /> },
      { name: 'startAt', labelKey: 'exam.startAt', kind: 'datetime', disablePast: true, testId: 'exam-start' },
      { name: 'endAt', labelKey: 'exam.endAt', kind: 'datetime', disablePast: true, testId: 'exam-end' },
      { name: 'duration', labelKey: 'exam.durationMinutes', kind: 'number', testId: 'exam-duration' },
      { name: 'passPercent', labelKey: 'exam.passPercent', kind: 'number', testId: 'exam-pass' },
      { name: 'attempts', labelKey: 'exam.attempts', kind: 'number', testId: 'exam-attempts' },
    ],
    [
      { name: 'paperId', labelKey: 'exam.paper', control: <PaperPicker />, extraKey: 'exam.paperHint' },
      { name: 'answerMode', labelKey: 'exam.answerMode', kind: 'select', options: choices(EXAM_ANSWER_MODES, 'answerMode') },
      { name: 'countdownMode', labelKey: 'exam.countdownMode', kind: 'select', options: choices(EXAM_COUNTDOWN_MODES, 'countdownMode') },
      { name: 'photoInterval', labelKey: 'exam.photoInterval', kind: 'number', extraKey: 'exam.photoIntervalHint' },
      { name: 'markingMode', labelKey: 'exam.markingMode', kind: 'select', options: choices(EXAM_MARKING_MODES, 'markingMode') },
      { name: 'reviewerIds', labelKey: 'exam.reviewers', control: <ReviewerPicker known={reviewers} /> },
      { name: 'antiCheat', labelKey: 'exam.antiCheat', control: <SwitchControl testId="exam-anti-cheat" />, extraKey: 'exam.antiCheatHint' },
      { name: 'leaveLimit', labelKey: 'exam.leaveLimit', kind: 'number' },
      { name: 'scoreDisplay', labelKey: 'exam.scoreDisplay', kind: 'select', options: choices(EXAM_SCORE_DISPLAYS, 'scoreDisplay') },
      { name: 'showAnswers', labelKey: 'exam.showAnswers', control: <SwitchControl /> },
      { name: 'showRanking', labelKey: 'exam.showRanking', control: <SwitchControl /> },
      { name: 'certificateTemplateId', labelKey: 'exam.certificate', control: <CertificateSelect />, extraKey: 'exam.certificateHint' },
    ],
    [{ name: 'audience', labelKey: 'exam.audience', control: <AudiencePicker testId="exam-audience" />, extraKey: 'exam.audienceHint' }],
  ];
}

/** CSS showing only the current step's items of the one form (every value stays in it across steps). */
function stepStyle(steps: FieldSpec[][], current: number) {
  let first = 1;
  const rules: string[] = [];
  steps.forEach((s, i) => {
    const last = first + s.length - 1;
    if (i !== current) rules.push(`.exam-step form > .ant-form-item:nth-child(n+${first}):nth-child(-n+${last}) { display: none; }`);
    first = last + 1;
  });
  return rules.join('\n');
}

const DEFAULTS = {
  duration: 60,
  passPercent: 60,
  attempts: 1,
  answerMode: 'whole',
  countdownMode: 'duration',
  photoInterval: 0,
  markingMode: 'auto',
  reviewerIds: [],
  antiCheat: false,
  scoreDisplay: 'published',
  showAnswers: false,
  showRanking: false,
  audience: [],
};

function toForm(e: ExamDetail | undefined, categoryId: number | null) {
  if (!e) return { ...DEFAULTS, categoryId };
  return {
    name: e.name,
    categoryId: e.categoryId,
    startAt: e.startAt,
    endAt: e.endAt,
    duration: e.duration,
    passPercent: e.passPercent,
    attempts: e.attempts,
    paperId: e.paperId,
    answerMode: e.answerMode,
    countdownMode: e.countdownMode,
    photoInterval: e.photoInterval,
    markingMode: e.markingMode,
    reviewerIds: e.reviewers.map((r) => r.id),
    antiCheat: e.antiCheat,
    leaveLimit: e.leaveLimit,
    scoreDisplay: e.scoreDisplay,
    showAnswers: e.showAnswers,
    showRanking: e.showRanking,
    certificateTemplateId: e.certificateTemplateId,
    audience: e.audience,
  };
}

interface Body {
  body: ExamCreate;
  publish: boolean;
}

/** `add-test`: three steps (basic information, paper and settings, audience), then save as a draft or save and publish; `?id=` edits. */
export default function ExamEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [step, setStep] = useState(0);
  const formRef = useRef<FormInstance | null>(null);
  const resubmit = useRef<(publish: boolean) => void>(() => undefined);
  const stepsRef = useRef<FieldSpec[][]>([]);

  // A refusal lands on its field, on the step that holds it; an audience beyond the caller's scope gets the replace prompt.
  const guarded = useAudienceGuard(formRef, resubmit, (e) => {
    const at = e instanceof ApiError && e.field ? stepsRef.current.findIndex((s) => s.some((f) => f.name === e.field)) : -1;
    if (at >= 0) setStep(at);
  });

  const ed = useRecordEditor<ExamDetail, Body>({
    queryKey: 'exams',
    load: (id) => getExamById({ id }),
    create: async ({ body, publish }) => {
      const saved = await guarded(publish, () => insertExam(body));
      if (publish) await publishExams({ ids: [saved.id] });
      return saved;
    },
    update: async (id, { body, publish }) => {
      const saved = await guarded(publish, () => updateExam({ ...body, id }));
      if (publish && saved.abilities.publish) await publishExams({ ids: [id] });
      return saved;
    },
    listPath: '/dashboard/manage-test',
    perms: { add: 'ksgl:add', modify: 'ksgl:modify' },
    toForm: (e) => toForm(e, Number(params.get('categoryId')) || null),
    saveErrors: false,
    savedText: ({ publish }) => t(publish ? 'exam.publishedOk' : 'common.saved'),
  });
  formRef.current = ed.form;
  // The same field arrays on every render: the form resets its values when they change.
  const reviewers = ed.record?.reviewers;
  const steps = useMemo(() => stepFields(reviewers ?? []), [reviewers]);
  const allFields = useMemo(() => steps.flat(), [steps]);
  stepsRef.current = steps;

  const submit = (publish: boolean) => void ed.submit(ExamCreateSchema, (body) => ({ body, publish }));
  resubmit.current = submit;
  const next = async () => {
    const ok = await ed.form
      .validateFields(steps[step].map((f) => f.name))
      .then(() => true)
      .catch(() => false);
    if (ok) setStep(step + 1);
  };
  const last = step === steps.length - 1;
  const mayPublish = !ed.record || ed.record.abilities.publish;

  return (
    <>
      <Card style={{ marginBottom: 12 }}>
        <Steps
          current={step}
          onChange={setStep}
          data-testid="exam-steps"
          items={[{ title: t('exam.stepBasic') }, { title: t('exam.stepPaper') }, { title: t('exam.stepAudience') }]}
        />
      </Card>
      <style>{stepStyle(steps, step)}</style>
      <RecordEditorCard
        editor={ed}
        testId="exam"
        title={t(ed.id ? 'exam.edit' : 'exam.add')}
        schema={ExamCreateSchema}
        fields={allFields}
        formStyle={{ maxWidth: 720, className: 'exam-step' }}
        actions={
          <>
            {step > 0 ? (
              <Button onClick={() => setStep(step - 1)} data-testid="exam-prev">
                {t('exam.prev')}
              </Button>
            ) : null}
            {!last ? (
              <Button type="primary" onClick={() => void next()} data-testid="exam-next">
                {t('exam.next')}
              </Button>
            ) : null}
            {ed.canSave ? <SaveAndPublishButtons testId="exam" publishKey="exam.saveAndPublish" publish={last && mayPublish} saving={ed.saving} onSubmit={submit} /> : null}
          </>
        }
      />
    </>
  );
}
