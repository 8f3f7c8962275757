import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, type FormInstance, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONSTANTS,
  OPTION_LETTERS,
  QUESTION_OPTIONS_MAX,
  QUESTION_STARS_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  QuestionInsertSchema,
  countBlanks,
  roundQuestionScore,
  type QuestionDifficulty,
  type QuestionRow,
  type QuestionType,
} from '@hanlin/shared';
import { showSaveError } from '../../../platform/forms/server-errors';
import { LazyRichTextEditor } from '../../courses/components/LazyRichTextEditor';
import { getQuestionById, getQuestionCategoryTree, insertQuestion, updateQuestion } from '../api';
import { difficultyOptions } from './columns';
import { treeOptions } from '../../../platform/tree-options';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';

interface Values {
  type: QuestionType;
  categoryId?: number | null;
  stem: string;
  difficulty: QuestionDifficulty;
  labels: string[];
  score?: number | null;
  analysis?: string;
  options: { content: string }[];
  /** Single choice and judgment: one value; multiple choice: several. */
  answer?: string;
  answerSet?: string[];
  blanks: string[][];
  keywords?: string;
  autoScore?: boolean;
  answerText?: string;
  stars?: number;
}

const CHOICE: QuestionType[] = ['single', 'multiple'];
const TEXT_ANSWER: QuestionType[] = ['short', 'operation', 'calculation'];

/** The request body of the form's values: only the chosen type's parts. */
function bodyOf(v: Values) {
  const choice = CHOICE.includes(v.type);
  return {
    type: v.type,
    categoryId: v.categoryId ?? null,
    stem: v.stem ?? '',
    difficulty: v.difficulty,
    labels: v.labels ?? [],
    score: v.score ?? 0,
    analysis: v.analysis ?? '',
    options: choice ? (v.options ?? []) : [],
    answers: v.type === 'multiple' ? (v.answerSet ?? []) : v.type === 'single' || v.type === 'judgment' ? (v.answer ? [v.answer] : []) : [],
    blanks: v.type === 'fill' ? (v.blanks ?? []) : [],
    keywords: v.type === 'short' ? (v.keywords ?? '') : '',
    autoScore: v.type === 'short' ? !!v.autoScore : false,
    answerText: TEXT_ANSWER.includes(v.type) ? (v.answerText ?? '') : '',
    stars: v.stars ?? 5,
  };
}

/** A form field of a zod issue path (`answers` shows on the answer picker). */
function formField(path: PropertyKey[], type: QuestionType): (string | number)[] {
  const [head, ...rest] = path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (head === 'answers') return [type === 'multiple' ? 'answerSet' : 'answer'];
  return [head ?? 'stem', ...rest];
}

/** Add or edit a question (`add-question`, `?id=` to edit): the form follows the type; the shared schema checks it before the server does. */
export default function QuestionEditPage() {
  const { t } = useTranslation();
  const { id, params, form, title, page, existing, loading } = useRecordFormPage<Values, QuestionRow>({
    queryKey: 'questions',
    titleKeys: { add: 'question.addTitle', edit: 'question.editTitle' },
    load: getQuestionById,
  });
  const categories = useQuery({ queryKey: ['questions', 'categories'], queryFn: getQuestionCategoryTree });
  const type = (Form.useWatch('type', form) ?? 'single') as QuestionType;
  const options = (Form.useWatch('options', form) ?? []) as { content: string }[];
  const stem = (Form.useWatch('stem', form) ?? '') as string;
  const letters = OPTION_LETTERS.slice(0, options.length);
  // A fill-in question has one answer box per blank of its stem: boxes come and go with the blanks (their answers kept).
  const blankCount = type === 'fill' ? countBlanks(stem) : 0;
  useEffect(() => {
    if (type !== 'fill') return;
    const current = (form.getFieldValue('blanks') ?? []) as string[][];
    if (current.length === blankCount) return;
    form.setFieldValue(
      'blanks',
      Array.from({ length: blankCount }, (_, i) => current[i] ?? []),
    );
  }, [form, type, blankCount]);

  useEffect(() => {
    const r = existing.data;
    if (!r) return;
    form.setFieldsValue({
      type: r.type,
      categoryId: r.categoryId,
      stem: r.stem,
      difficulty: r.difficulty,
      labels: r.labels,
      score: r.score,
      analysis: r.analysis,
      options: r.options.length ? r.options : [{ content: '' }, { content: '' }],
      answer: r.type === 'multiple' ? undefined : r.answers[0],
      answerSet: r.type === 'multiple' ? r.answers : [],
      blanks: r.blanks,
      keywords: r.keywords,
      autoScore: r.autoScore,
      answerText: r.answerText,
      stars: r.stars,
    });
  }, [existing.data, form]);

  async function save(v: Values) {
    const body = bodyOf(v);
    const parsed = QuestionInsertSchema.safeParse(body);
    if (!parsed.success) {
      (form as FormInstance).setFields(parsed.error.issues.map((i) => ({ name: formField(i.path, v.type), errors: [t(`question.rule.${String(i.path[0] ?? 'stem')}`)] })));
      return;
    }
    await page.save(
      async () => {
        if (id) await updateQuestion({ ...parsed.data, id });
        else await insertQuestion(parsed.data);
        return '/dashboard/manage-questions';
      },
      (e) => showSaveError(form, e),
    );
  }

  if (loading) return <Spin />;
  return (
    <Card title={title} data-testid="question-edit-page">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        initialValues={{
          type: 'single',
          difficulty: 'medium',
          labels: [],
          options: [{ content: '' }, { content: '' }],
          answerSet: [],
          blanks: [],
          autoScore: false,
          stars: 5,
          categoryId: Number(params.get('categoryId')) || null,
        }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="type" label={t('question.type')}>
          <Radio.Group optionType="button" options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`question.type_${v}`) }))} data-testid="question-type" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('question.category.name')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={treeOptions(categories.data ?? [])} data-testid="question-category" />
        </Form.Item>
        <Form.Item name="stem" label={t('question.stem')} extra={type === 'fill' ? t('question.blankHint') : t('question.stemHint')} rules={[{ required: true }]}>
          <LazyRichTextEditor testId="question-stem" />
        </Form.Item>

        {CHOICE.includes(type) && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <Form.Item label={t('question.options')} required>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <span>{OPTION_LETTERS[i]}.</span>
                    <Form.Item name={[f.name, 'content']} rules={[{ required: true, whitespace: true, max: 500 }]}>
                      <Input style={{ width: 420, maxWidth: '70vw' }} maxLength={500} data-testid={`question-option-${i}`} />
                    </Form.Item>
                    {fields.length > 2 && <Button onClick={() => remove(f.name)}>{t('common.delete')}</Button>}
                  </Space>
                ))}
                {fields.length < QUESTION_OPTIONS_MAX && (
                  <Button onClick={() => add({ content: '' })} data-testid="question-add-option">
                    {t('question.addOption')}
                  </Button>
                )}
              </Form.Item>
            )}
          </Form.List>
        )}
        {type === 'single' && (
          <Form.Item name="answer" label={t('question.answer')} rules={[{ required: true }]}>
            <Radio.Group options={letters.map((l) => ({ value: l, label: l }))} data-testid="question-answer" />
          </Form.Item>
        )}
        {type === 'multiple' && (
          <Form.Item name="answerSet" label={t('question.answer')} rules={[{ required: true, type: 'array', min: 2, message: t('question.multipleHint') }]}>
            <Checkbox.Group options={letters.map((l) => ({ value: l, label: l }))} data-testid="question-answers" />
          </Form.Item>
        )}
        {type === 'judgment' && (
          <Form.Item name="answer" label={t('question.answer')} rules={[{ required: true }]}>
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
            {(fields) => (
              <Form.Item label={t('question.blanks', { count: blankCount })} extra={fields.length ? undefined : t('question.blankHint')} required>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <span>{i + 1}.</span>
                    <Form.Item name={f.name} rules={[{ required: true, type: 'array', min: 1 }]}>
                      <Select mode="tags" open={false} style={{ width: 420, maxWidth: '70vw' }} placeholder={t('question.alternatives')} data-testid={`question-blank-${i}`} />
                    </Form.Item>
                  </Space>
                ))}
              </Form.Item>
            )}
          </Form.List>
        )}
        {type === 'short' && (
          <>
            <Form.Item name="keywords" label={t('question.keywords')} extra={t('question.keywordsHint')}>
              <Input.TextArea maxLength={QUESTION_TEXT_MAX} showCount autoSize={{ minRows: 2 }} data-testid="question-keywords" />
            </Form.Item>
            <Form.Item name="autoScore" label={t('question.autoScore')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
        {TEXT_ANSWER.includes(type) && (
          <Form.Item name="answerText" label={t('question.answerText')}>
            <Input.TextArea maxLength={QUESTION_TEXT_MAX} showCount autoSize={{ minRows: 3 }} data-testid="question-answer-text" />
          </Form.Item>
        )}
        {type === 'rating' && (
          <Form.Item name="stars" label={t('question.stars')} rules={[{ required: true, type: 'integer', min: 1, max: QUESTION_STARS_MAX }]}>
            <InputNumber min={1} max={QUESTION_STARS_MAX} precision={0} />
          </Form.Item>
        )}

        <Space size="large" wrap>
          <Form.Item name="score" label={t('question.score')} extra={t('question.scoreHint')} rules={[{ required: true }]}>
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
          <Form.Item name="difficulty" label={t('question.difficulty')}>
            <Select style={{ minWidth: 140 }} options={difficultyOptions.map((o) => ({ value: o.value, label: t(o.labelKey) }))} />
          </Form.Item>
        </Space>
        <Form.Item name="labels" label={t('question.labels')} extra={t('question.labelsHint', { count: CONSTANTS.LABELS_PER_OBJECT, length: CONSTANTS.LABEL_LENGTH })}>
          <Select mode="tags" open={false} data-testid="question-labels" />
        </Form.Item>
        <Form.Item name="analysis" label={t('question.analysis')}>
          <Input.TextArea maxLength={QUESTION_TEXT_MAX} showCount autoSize={{ minRows: 2 }} />
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
