import { useState } from 'react';
import { Button, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { attemptAwaitsMarks, attemptMarked, ExamExtensionSchema, GRADE_PERSON_SORT_KEYS, GradeUpdateSchema, type GradePersonRow, isOneOf, required } from '@hanlin/shared';
import {
  CrudPage,
  EditModal,
  booleanFilter,
  defineFields,
  enumFilter,
  keyedBy,
  personColumns,
  timeColumn,
  type ColumnSpec,
  type FilterSpec,
} from '../../../../platform/kernel';
import { formatTime } from '../../../../platform/format';
import { useCan } from '../../../../platform/permission';
import { exportGradePeople, extendExam, findGradePeople, getGradeCount, updateGrade } from '../../grades-api';
import { ExamCounts, PassedTag, SubmitStateTag, idParam } from './parts';

type Row = GradePersonRow & { id: number };

/** A score still being marked: said in words, in the lifecycle's marking colour. */
function AwaitingMark() {
  const { t } = useTranslation();
  return (
    <Tag color="orange" data-testid="grade-awaiting-mark">
      {t('grades.awaitingMark')}
    </Tag>
  );
}
const sortable = (k: string) => isOneOf(GRADE_PERSON_SORT_KEYS, k);

const columns: ColumnSpec<Row>[] = [
  ...personColumns<Row>('grades', { realname: { sortable: sortable('realname') }, others: { priority: 'medium' } }),
  { key: 'state', titleKey: 'grades.state', render: (r) => <SubmitStateTag state={r.state} /> },
  {
    key: 'score',
    titleKey: 'grades.score',
    sortable: sortable('score'),
    render: (r) => (r.attemptStatus && attemptAwaitsMarks({ status: r.attemptStatus }) ? <AwaitingMark /> : (r.score ?? '-')),
  },
  { key: 'passed', titleKey: 'grades.passedLabel', render: (r) => <PassedTag passed={r.passed} /> },
  { key: 'attemptsUsed', titleKey: 'grades.attemptsUsed', sortable: sortable('attemptsUsed') },
  timeColumn('submittedAt', 'grades.submittedAt', sortable),
  { key: 'extendedEndAt', titleKey: 'grades.extendedEndAt', render: (r) => (r.extendedEndAt ? `${formatTime(r.extendedEndAt)} (+${r.extraAttempts})` : '-'), priority: 'low' },
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'grades.personKeyword' },
  enumFilter('state', 'grades.state', ['normal', 'exception', 'notSubmitted'], 'grades.state_'),
  booleanFilter('passed', 'grades.passedLabel', { true: 'grades.passed_yes', false: 'grades.passed_no' }),
];

const ScoreSchema = GradeUpdateSchema.pick({ score: true });
const scoreFields = defineFields(ScoreSchema, [{ name: 'score', labelKey: 'grades.newScore', kind: 'number', testId: 'grade-update-score' }]);
const DelaySchema = ExamExtensionSchema.pick({ endAt: true, extraAttempts: true });
const delayFields = defineFields(DelaySchema, [
  { name: 'endAt', labelKey: 'grades.delayEndAt', kind: 'datetime', disablePast: true },
  { name: 'extraAttempts', labelKey: 'grades.extraAttempts', kind: 'number' },
]);

/** `manage-grade-preview?examId=` (cjgl): every audience member with their best attempt; change a score, extend for a person, export. */
export default function GradePreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const examId = idParam(params, 'examId');
  const canModify = useCan('cjgl:modify');
  const [scoring, setScoring] = useState<Row | null>(null);
  const [delaying, setDelaying] = useState<Row | null>(null);
  // The exam's counts (the same query as the header above): the score dialog says out of how much.
  const counts = useQuery({ queryKey: ['grade-count', examId], queryFn: () => getGradeCount(examId), enabled: examId > 0 });
  if (!examId) return <Empty description={t('common.notFound')} />;
  const refresh = () => void qc.invalidateQueries({ queryKey: ['grade-people'] }).then(() => qc.invalidateQueries({ queryKey: ['grade-count'] }));
  return (
    <>
      <ExamCounts examId={examId} except="manage-grade-preview" />
      <CrudPage<Row>
        testId="grade-people"
        titleKey="page.manage-grade-preview"
        queryKey="grade-people"
        fetch={async (p) => keyedBy('userId', await findGradePeople({ ...p, examId }))}
        extraFilters={{ examId }}
        columns={columns}
        filters={filters}
        menu="cjgl"
        exportFile={(q) => exportGradePeople({ ...q, examId })}
        extraRowActions={(r) => (
          <>
            {r.attemptId ? (
              <Button type="link" size="small" onClick={() => void navigate(`/dashboard/paper-detail?attemptId=${r.attemptId}`)}>
                {t('grades.view')}
              </Button>
            ) : null}
            {canModify && r.attemptStatus && attemptMarked({ status: r.attemptStatus }) ? (
              <Button type="link" size="small" data-testid={`grade-update-${r.userId}`} onClick={() => setScoring(r)}>
                {t('grades.updateScore')}
              </Button>
            ) : null}
            {canModify ? (
              <Button type="link" size="small" data-testid={`grade-delay-${r.userId}`} onClick={() => setDelaying(r)}>
                {t('grades.delay')}
              </Button>
            ) : null}
          </>
        )}
      />
      <EditModal
        open={scoring !== null}
        title={
          counts.data
            ? `${t('grades.updateScoreOf', { name: scoring?.realname ?? '' })} (${t('grades.scoreOutOf', { total: counts.data.total })})`
            : t('grades.updateScoreOf', { name: scoring?.realname ?? '' })
        }
        schema={ScoreSchema}
        fields={scoreFields}
        initialValues={{ score: scoring?.score ?? 0 }}
        onSubmit={(v) => updateGrade({ attemptId: required(scoring?.attemptId, 'the attempt scored'), score: v.score })}
        onSaved={() => {
          setScoring(null);
          refresh();
        }}
        onCancel={() => setScoring(null)}
      />
      <EditModal
        open={delaying !== null}
        title={t('grades.delayFor', { name: delaying?.realname ?? '' })}
        schema={DelaySchema}
        fields={delayFields}
        initialValues={{ endAt: delaying?.extendedEndAt ?? undefined, extraAttempts: delaying?.extraAttempts ?? 0 }}
        onSubmit={(v) => extendExam({ examId, userId: required(delaying, 'the person given more time').userId, endAt: v.endAt, extraAttempts: v.extraAttempts })}
        onSaved={() => {
          setDelaying(null);
          refresh();
        }}
        onCancel={() => setDelaying(null)}
      />
    </>
  );
}
