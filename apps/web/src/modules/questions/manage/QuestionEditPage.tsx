import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONSTANTS,
  OPTION_LETTERS,
  QUESTION_OPTIONS_MAX,
  QUESTION_STARS_MAX,
  QUESTION_TYPES,
  QuestionInsertSchema,
  QuestionOptionSchema,
  countBlanks,
  roundQuestionScore,
  type QuestionInput,
  type QuestionRow,
  type QuestionType,
} from '@hanlin/shared';
import { useSchemaForm, type FormValues } from '../../../platform/forms/useSchemaForm';
import { elementRules, maxLengthOf, rulesFor } from '../../../platform/forms/zod-rules';
import { LazyRichTextEditor } from '../../../platform/components/LazyRichTextEditor';
import { getQuestionById, getQuestionCategoryTree, insertQuestion, updateQuestion } from '../api';
import { difficultyOptions } from './columns';
import { treeOptions } from '../../../platform/tree-options';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';

const CHOICE: QuestionType[] = ['single', 'multiple'];
const TEXT_ANSWER: QuestionType[] = ['short', 'operation', 'calculation'];
/** One blank's accepted answers (an element of the schema's `blanks`). */
const BlankAnswersSchema = QuestionInsertSchema.shape.blanks.unwrap().element;

/** The parts of the other types, emptied: the body carries only the chosen type's parts. */
function otherTypesCleared(type: QuestionType): Partial<QuestionInput> {
  return {
    ...(CHOICE.includes(type) ? {} : { options: [] }),
    ...(CHOICE.includes(type) || type === 'judgment' ? {} : { answers: [] }),
    ...(type === 'fill' ? {} : { blanks: [] }),
    ...(type === 'short' ? {} : { keywords: '', autoScore: false }),
    ...(TEXT_ANSWER.includes(type) ? {} : { answerText: '' }),
  };
}

/** Single choice and judgment pick one answer: the form keeps `answers` as the list the schema takes. */
const oneAnswer = {
  getValueProps: (v?: string[]) => ({ value: v?.[0] }),
  normalize: (v?: string) => (v ? [v] : []),
};

/** Add or edit a question (`add-question`, `?id=` to edit): the form follows the type; the shared `QuestionInsertSchema` gives its rules and body. */
export default function QuestionEditPage() {
  const { t } = useTranslation();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<FormValues<typeof QuestionInsertSchema>, QuestionRow>({
    queryKey: 'questions',
    titleKeys: { add: 'question.addTitle', edit: 'question.editTitle' },
    load: getQuestionById,
  });
  const f = useSchemaForm(QuestionInsertSchema, { form });
  const categories = useQuery({ queryKey: ['questions', 'categories'], queryFn: getQuestionCategoryTree });
  const type = Form.useWatch('type', form) ?? 'single';
  const options = Form.useWatch('options', form) ?? [];
  const stem = Form.useWatch('stem', form);
  const letters = OPTION_LETTERS.slice(0, options.length);
  // A fill-in question has one answer box per blank of its stem: boxes come and go with the blanks (their answers kept).
  const blankCount = type === 'fill' && typeof stem === 'string' ? countBlanks(stem) : 0;
  useEffect(() => {
    if (type !== 'fill') return;
    const current = form.getFieldValue('blanks') ?? [];
    if (current.length === blankCount) return;
    form.setFieldValue(
      'blanks',
      Array.from({ length: blankCount }, (_, i) => current[i] ?? []),
    );
  }, [form, type, blankCount]);

  useEffect(() => {
    const r = existing.data;
    if (r) f.fill({ ...r, options: r.options.length ? r.options : [{ content: '' }, { content: '' }] });
  }, [existing.data, f]);

  async function save() {
    const body = await f.read(otherTypesCleared(type));
    if (!body) return;
    await page.save(
      async () => {
        if (id) await updateQuestion({ ...body, id });
        else await insertQuestion(body);
        return '/dashboard/manage-questions';
      },
      (e) => f.showError(e),
    );
  }

  const optionRules = rulesFor(QuestionOptionSchema, 'content', t);
  const optionMax = maxLengthOf(QuestionOptionSchema.shape.content);
  const blankRules = elementRules(BlankAnswersSchema, t);
  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="question-edit-page">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        initialValues={{
          type: 'single',
          difficulty: 'medium',
          labels: [],
          options: [{ content: '' }, { content: '' }],
          answers: [],
          blanks: [],
          autoScore: false,
          stars: 5,
          categoryId: Number(params.get('categoryId')) || null,
        }}
        onFinish={() => void save()}
      >
        <Form.Item {...f.item('type')} label={t('question.type')}>
          <Radio.Group optionType="button" options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`question.type_${v}`) }))} data-testid="question-type" />
        </Form.Item>
        <Form.Item {...f.item('categoryId')} label={t('question.category.name')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} data-testid="question-category" />
        </Form.Item>
        <Form.Item {...f.item('stem')} label={t('question.stem')} extra={type === 'fill' ? t('question.blankHint') : t('question.stemHint')}>
          <LazyRichTextEditor testId="question-stem" />
        </Form.Item>

        {CHOICE.includes(type) && (
          <Form.List name="options">
            {(fields, { add, remove }, { errors }) => (
              <Form.Item label={t('question.options')} required>
                {fields.map((o, i) => (
                  <Space key={o.key} align="baseline" style={{ display: 'flex' }}>
                    <span>{OPTION_LETTERS[i]}.</span>
                    <Form.Item name={[o.name, 'content']} rules={optionRules}>
                      <Input style={{ width: 420, maxWidth: '70vw' }} maxLength={optionMax} data-testid={`question-option-${i}`} />
                    </Form.Item>
                    {fields.length > 2 && <Button onClick={() => remove(o.name)}>{t('common.delete')}</Button>}
                  </Space>
                ))}
                {fields.length < QUESTION_OPTIONS_MAX && (
                  <Button onClick={() => add({ content: '' })} data-testid="question-add-option">
                    {t('question.addOption')}
                  </Button>
                )}
                <Form.ErrorList errors={errors} />
              </Form.Item>
            )}
          </Form.List>
        )}
        {type === 'single' && (
          <Form.Item {...f.item('answers')} {...oneAnswer} required label={t('question.answer')}>
            <Radio.Group options={letters.map((l) => ({ value: l, label: l }))} data-testid="question-answer" />
          </Form.Item>
        )}
        {type === 'multiple' && (
          <Form.Item {...f.item('answers')} required label={t('question.answer')} extra={t('question.multipleHint')}>
            <Checkbox.Group options={letters.map((l) => ({ value: l, label: l }))} data-testid="question-answers" />
          </Form.Item>
        )}
        {type === 'judgment' && (
          <Form.Item {...f.item('answers')} {...oneAnswer} required label={t('question.answer')}>
            <Radio.Group
              options={[
                { value: 'T', label: t('question.true') },
                { value: 'F', label: t('question.false') },
              ]}
              data-testid="question-judgment"
            />
          </Form.Item>
        )}
        {type === 'fill' && (
          <Form.List name="blanks">
            {(fields, _ops, { errors }) => (
              <Form.Item label={t('question.blanks', { count: blankCount })} extra={fields.length ? undefined : t('question.blankHint')} required>
                {fields.map((b, i) => (
                  <Space key={b.key} align="baseline" style={{ display: 'flex' }}>
                    <span>{i + 1}.</span>
                    <Form.Item name={b.name} rules={blankRules}>
                      <Select mode="tags" open={false} style={{ width: 420, maxWidth: '70vw' }} placeholder={t('question.alternatives')} data-testid={`question-blank-${i}`} />
                    </Form.Item>
                  </Space>
                ))}
                <Form.ErrorList errors={errors} />
              </Form.Item>
            )}
          </Form.List>
        )}
        {type === 'short' && (
          <>
            <Form.Item {...f.item('keywords')} label={t('question.keywords')} extra={t('question.keywordsHint')}>
              <Input.TextArea maxLength={f.maxLength('keywords')} showCount autoSize={{ minRows: 2 }} data-testid="question-keywords" />
            </Form.Item>
            <Form.Item {...f.item('autoScore')} label={t('question.autoScore')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
        {TEXT_ANSWER.includes(type) && (
          <Form.Item {...f.item('answerText')} label={t('question.answerText')}>
            <Input.TextArea maxLength={f.maxLength('answerText')} showCount autoSize={{ minRows: 3 }} data-testid="question-answer-text" />
          </Form.Item>
        )}
        {type === 'rating' && (
          <Form.Item {...f.item('stars')} label={t('question.stars')}>
            <InputNumber min={1} max={QUESTION_STARS_MAX} precision={0} />
          </Form.Item>
        )}

        <Space size="large" wrap>
          <Form.Item {...f.item('score')} label={t('question.score')} extra={t('question.scoreHint')}>
            <InputNumber
              min={0.5}
              max={100}
              step={0.5}
              data-testid="question-score"
              onBlur={(e) => {
                const raw = Number(e.target.value);
                if (e.target.value !== '') form.setFieldValue('score', roundQuestionScore(raw));
              }}
            />
          </Form.Item>
          <Form.Item {...f.item('difficulty')} label={t('question.difficulty')}>
            <Select style={{ minWidth: 140 }} options={difficultyOptions.map((o) => ({ value: o.value, label: t(o.labelKey) }))} />
          </Form.Item>
        </Space>
        <Form.Item {...f.item('labels')} label={t('question.labels')} extra={t('question.labelsHint', { count: CONSTANTS.LABELS_PER_OBJECT, length: CONSTANTS.LABEL_LENGTH })}>
          <Select mode="tags" open={false} data-testid="question-labels" />
        </Form.Item>
        <Form.Item {...f.item('analysis')} label={t('question.analysis')}>
          <Input.TextArea maxLength={f.maxLength('analysis')} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={page.saving} data-testid="question-submit">
            {t('common.save')}
          </Button>
          <Button onClick={() => page.leave('/dashboard/manage-questions')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
