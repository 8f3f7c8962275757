import { Suspense, useEffect, useRef } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Spin, Typography, type FormInstance } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SurveyInsertSchema, keysOf, required, type AudienceTarget, type QuestionnaireItem, type SurveyDetail, type SurveyInsert, type SurveyUpdate } from '@hanlin/shared';
import { RecordEditorCard, SaveAndPublishButtons, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { AudiencePicker, useAudienceGuard } from '../../audiences/index';
import { QuestionnaireAnswerForm, QuestionnaireItemsEditor, fillItems, readItems } from '../../questionnaires/index';
import { getSurveyById, getTemplate, insertSurvey, releaseSurveys, updateSurvey } from '../api';
import { CategorySelect, SwitchControl, TemplatePicker, TwoWayChoice } from './survey-controls';

const DEFAULTS = { description: '', resultsPublic: false, anonymous: false, repeatable: false, audience: [], templateId: null };

function toForm(s: SurveyDetail | undefined, categoryId: number | null) {
  if (!s) return { ...DEFAULTS, categoryId };
  return {
    name: s.name,
    categoryId: s.categoryId,
    description: s.description,
    startAt: s.startAt,
    endAt: s.endAt,
    resultsPublic: s.resultsPublic,
    anonymous: s.anonymous,
    repeatable: s.repeatable,
    audience: s.audience,
    templateId: s.templateId,
  };
}

const targets = (a: readonly AudienceTarget[]) =>
  a
    .map((x) => `${x.type}:${x.id}`)
    .sort()
    .join();
/** Whether a field of the form holds the record's value `before` (times compared as instants, the audience as a set). */
function same(key: keyof SurveyInsert, body: SurveyInsert, before: unknown, record: SurveyDetail): boolean {
  if (key === 'audience') return targets(body.audience) === targets(record.audience);
  const a = body[key];
  if (key === 'startAt' || key === 'endAt') return Date.parse(String(a)) === Date.parse(String(before));
  return JSON.stringify(a ?? null) === JSON.stringify(before ?? null);
}

/**
 * The update of an existing survey: only the fields changed (a released survey takes a later end
 * alone; anything else is refused by the server, whose message lands on the field).
 */
function changes(body: SurveyInsert, record: SurveyDetail): Omit<SurveyUpdate, 'id'> {
  const before: Partial<Record<keyof SurveyInsert, unknown>> = toForm(record, null);
  const out: Record<string, unknown> = {};
  for (const key of keysOf(body)) {
    if (key === 'items' || !(key in before)) continue;
    if (!same(key, body, before[key], record)) out[key] = body[key];
  }
  return out;
}

/** The template's items when one is chosen (copied into the survey on save). */
async function withTemplateItems<B extends { templateId?: number | null; items?: SurveyInsert['items'] }>(body: B): Promise<B> {
  if (!body.templateId) return body;
  return { ...body, items: (await getTemplate({ id: body.templateId })).items };
}

interface Body {
  body: SurveyInsert;
  release: boolean;
  /** The questions built in place (none when a template gives them or they are locked). */
  own?: QuestionnaireItem[];
}

/**
 * Whether the survey's own questions may no longer change: released (only a later end is taken),
 * ended, or already answered.
 */
const itemsLocked = (record: SurveyDetail | undefined) => !!record && (!record.abilities.modify || record.abilities.unrelease || record.respondents > 0);

/**
 * The questions a respondent will see: with a template picked, its items (read-only, copied on
 * save); without one, the survey's own, built here with the questionnaire editor (in `itemsForm`),
 * read-only once the survey is released or answered.
 */
function SurveyItems({ form, itemsForm, record }: { form: FormInstance; itemsForm: FormInstance; record: SurveyDetail | undefined }) {
  const { t } = useTranslation();
  const templateId = Form.useWatch<number | null | undefined>('templateId', form);
  const changed = !!templateId && templateId !== record?.templateId;
  const template = useQuery({ queryKey: ['questionnaires', 'one', templateId], queryFn: changed ? () => getTemplate({ id: templateId }) : skipToken });
  const locked = itemsLocked(record);
  useEffect(() => {
    if (record) fillItems(itemsForm, record.items, t);
  }, [record, itemsForm, t]);
  const fromTemplate = changed ? template.data?.items : templateId || locked ? record?.items : null;
  let body;
  if (changed && template.isLoading) body = <Spin />;
  else if (fromTemplate) body = fromTemplate.length ? <QuestionnaireAnswerForm items={fromTemplate} value={{}} readOnly /> : <Empty description={t('survey.noItems')} />;
  else
    body = (
      <Suspense fallback={<Spin />}>
        <QuestionnaireItemsEditor form={itemsForm} />
      </Suspense>
    );
  return (
    <section data-testid="survey-items" style={{ maxWidth: 760, marginBottom: 16 }}>
      {fromTemplate ? <Typography.Title level={5}>{t('survey.items')}</Typography.Title> : null}
      {/* Its own form: the editor's drafts are read by the questionnaire schema, not the survey's. */}
      <Form form={itemsForm} layout="vertical" component="div" initialValues={{ items: [] }}>
        {body}
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t(fromTemplate ? 'survey.fromTemplateHint' : 'survey.buildInPlaceHint')}
      </Typography.Paragraph>
    </section>
  );
}

/**
 * The questions built in place to send: undefined when a template gives them or they cannot
 * change (nothing sent), null when the editor shows a problem (nothing saved).
 */
async function inPlaceItems(form: FormInstance, itemsForm: FormInstance, record: SurveyDetail | undefined, t: ReturnType<typeof useTranslation>['t']) {
  if (form.getFieldValue('templateId') || itemsLocked(record)) return undefined;
  await itemsForm.validateFields().catch(() => undefined);
  return readItems(itemsForm, t);
}

/** `add-survey`: the survey's settings, its audience and a published template to copy; `?id=` edits (a released one: a later end only). */
export default function SurveyEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const formRef = useRef<FormInstance | null>(null);
  const resubmit = useRef<(release: boolean) => void>(() => undefined);
  const guarded = useAudienceGuard(formRef, resubmit);
  const [itemsForm] = Form.useForm();

  const ed = useRecordEditor<SurveyDetail, Body>({
    queryKey: 'surveys',
    load: (id) => getSurveyById({ id }),
    create: async ({ body, release, own }) => {
      const saved = await guarded(release, async () => insertSurvey(await withTemplateItems(own ? { ...body, items: own } : body)));
      if (release) await releaseSurveys({ ids: [saved.id] });
      return saved;
    },
    update: async (id, { body, release, own }, record) => {
      const saved = required(record, 'the survey edited');
      const diff: Omit<SurveyUpdate, 'id'> = changes(body, saved);
      // Questions built in place go when they differ from the saved ones.
      if (own && JSON.stringify(own) !== JSON.stringify(saved.items)) diff.items = own;
      await guarded(release, async () => updateSurvey({ ...(diff.templateId ? await withTemplateItems(diff) : diff), id }));
      if (release) await releaseSurveys({ ids: [id] });
    },
    listPath: '/dashboard/manage-survey',
    perms: { add: 'dcgl:add', modify: 'dcgl:modify' },
    toForm: (s) => toForm(s, Number(params.get('categoryId')) || null),
    saveErrors: false,
    savedText: ({ release }) => t(release ? 'survey.releasedOk' : 'common.saved'),
  });
  formRef.current = ed.form;
  const record = ed.record;
  const submit = (release: boolean) =>
    void (async () => {
      const own = await inPlaceItems(ed.form, itemsForm, record, t);
      if (own === null) return;
      await ed.submit(SurveyInsertSchema, (body) => ({ body, release, own }));
    })();
  resubmit.current = submit;
  const fields: FieldSpec[] = [
    { name: 'name', labelKey: 'survey.name', testId: 'survey-name' },
    { name: 'categoryId', labelKey: 'survey.category.name', control: <CategorySelect /> },
    { name: 'description', labelKey: 'survey.description', kind: 'textarea', testId: 'survey-description' },
    { name: 'startAt', labelKey: 'survey.startAt', kind: 'datetime', testId: 'survey-start' },
    { name: 'endAt', labelKey: 'survey.endAt', kind: 'datetime', disablePast: true, testId: 'survey-end' },
    { name: 'anonymous', labelKey: 'survey.identity', control: <TwoWayChoice yesKey="survey.anonymous" noKey="survey.named" testId="survey-anonymous" /> },
    { name: 'repeatable', labelKey: 'survey.answers', control: <TwoWayChoice yesKey="survey.repeatable" noKey="survey.once" testId="survey-repeatable" /> },
    { name: 'resultsPublic', labelKey: 'survey.resultsPublic', control: <SwitchControl testId="survey-results-public" />, extraKey: 'survey.resultsPublicHint' },
    { name: 'audience', labelKey: 'survey.audience', control: <AudiencePicker testId="survey-audience" />, extraKey: 'survey.audienceHint' },
    {
      name: 'templateId',
      labelKey: 'survey.template',
      control: <TemplatePicker known={record?.templateId ? { id: record.templateId, name: t('survey.templateKept') } : null} />,
      extraKey: 'survey.templateHint',
    },
  ];
  const editable = !record || record.abilities.modify;
  const mayRelease = !record || record.abilities.release;
  return (
    <RecordEditorCard
      editor={ed}
      testId="survey"
      title={t(ed.id ? 'survey.edit' : 'survey.add')}
      schema={SurveyInsertSchema}
      fields={fields}
      formStyle={{ maxWidth: 720 }}
      notFoundText={t('survey.notFound')}
      extra={record?.abilities.unrelease ? <Alert type="info" showIcon title={t('survey.releasedHint')} data-testid="survey-released-hint" /> : null}
      actions={
        ed.canSave && editable ? <SaveAndPublishButtons testId="survey" publishKey="survey.saveAndRelease" publish={mayRelease} saving={ed.saving} onSubmit={submit} /> : null
      }
    >
      <SurveyItems form={ed.form} itemsForm={itemsForm} record={record} />
    </RecordEditorCard>
  );
}
