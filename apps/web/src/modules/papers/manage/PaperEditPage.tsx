import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Statistic, Table, Tag, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PAPER_KINDS,
  PAPER_RULE_COUNT_MAX,
  PaperInsertSchema,
  PaperRuleSchema,
  QUESTION_DIFFICULTIES,
  QUESTION_SCORE_MAX,
  QUESTION_TYPES,
  paperTotal,
  roundQuestionScore,
  stemText,
  type PaperDetail,
  type QuestionType,
} from '@hanlin/shared';
import { useSchemaForm, type FormValues } from '../../../platform/forms/useSchemaForm';
import { rulesFor } from '../../../platform/kernel';
import { treeOptions } from '../../../platform/tree-options';
import { useRecordFormPage } from '../../../platform/kernel/useRecordFormPage';
import { findApprovedQuestions, getBanks, getPaperById, insertPaper, updatePaper } from '../api';

interface Item {
  questionId: number;
  score: number;
  stem: string;
  type: QuestionType;
}
/** The form's values: the body's fields, the picked questions with the stem and type the table shows. */
type Values = Omit<FormValues<typeof PaperInsertSchema>, 'items'> & { items?: Item[] };

const typeOptions = (t: (k: string) => string) => QUESTION_TYPES.map((v) => ({ value: v, label: t(`paper.type_${v}`) }));

/** Adds an approved question by searching its stem. */
function QuestionPicker({ exclude, onPick }: { exclude: number[]; onPick: (q: Item) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['papers', 'pick', keyword], queryFn: () => findApprovedQuestions({ keyword: keyword || undefined }) });
  const options = (found.data?.records ?? [])
    .filter((q) => !exclude.includes(q.id))
    .map((q) => ({ value: q.id, label: `[${t(`paper.type_${q.type}`)}] ${stemText(q.stem)}`, q }));
  return (
    <Select
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      value={null}
      placeholder={t('paper.pickQuestion')}
      style={{ width: 480 }}
      loading={found.isFetching}
      options={options}
      data-testid="paper-question-picker"
      onChange={(id: number) => {
        const q = options.find((o) => o.value === id)?.q;
        if (q) onPick({ questionId: q.id, score: q.score, stem: stemText(q.stem), type: q.type });
      }}
    />
  );
}

/**
 * The hand-picked questions with their scores, a field of the form (`items`): a switch to another tab keeps them with
 * the rest of what was typed, and picking one counts as a change.
 */
function PaperItemsField({ value: items = [], onChange: setItems = () => undefined }: { value?: Item[]; onChange?: (items: Item[]) => void }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <QuestionPicker exclude={items.map((i) => i.questionId)} onPick={(q) => setItems([...items, q])} />
      <Table<Item>
        rowKey="questionId"
        size="small"
        pagination={false}
        dataSource={items}
        data-testid="paper-items"
        columns={[
          { key: 'n', title: '#', width: 48, render: (_v, _r, i) => i + 1 },
          { key: 'type', title: t('paper.questionType'), width: 120, render: (_v, r) => <Tag>{t(`paper.type_${r.type}`)}</Tag> },
          { key: 'stem', title: t('paper.stem'), dataIndex: 'stem', ellipsis: true },
          {
            key: 'score',
            title: t('paper.score'),
            width: 140,
            render: (_v, r) => (
              <InputNumber
                min={0.5}
                max={QUESTION_SCORE_MAX}
                step={0.5}
                value={r.score}
                data-testid="paper-item-score"
                onChange={(v) => setItems(items.map((x) => (x.questionId === r.questionId ? { ...x, score: roundQuestionScore(Number(v ?? 0)) } : x)))}
              />
            ),
          },
          {
            key: 'remove',
            width: 60,
            render: (_v, r) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => setItems(items.filter((x) => x.questionId !== r.questionId))}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}

/** The random rules of a paper (a form list): bank, type, difficulty, labels, count and score each, by the shared `PaperRuleSchema`. */
function PaperRulesField({ banks }: { banks: Parameters<typeof treeOptions>[0] }) {
  const { t } = useTranslation();
  const ruleOf = (name: keyof typeof PaperRuleSchema.shape) => rulesFor(PaperRuleSchema, name, t);
  return (
    <Form.Item label={t('paper.rules')} extra={t('paper.rulesHint')}>
      <Form.List name="rules">
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="paper-rules">
            {fields.map((r) => (
              <Space key={r.key} wrap align="start" data-testid="paper-rule">
                <Form.Item name={[r.name, 'categoryId']} rules={ruleOf('categoryId')}>
                  <TreeSelect style={{ width: 200 }} placeholder={t('paper.bank')} treeData={treeOptions(banks)} treeDefaultExpandAll data-testid="paper-rule-bank" />
                </Form.Item>
                <Form.Item name={[r.name, 'type']} rules={ruleOf('type')}>
                  <Select style={{ width: 140 }} placeholder={t('paper.questionType')} options={typeOptions(t)} data-testid="paper-rule-type" />
                </Form.Item>
                <Form.Item name={[r.name, 'difficulty']}>
                  <Select
                    allowClear
                    style={{ width: 120 }}
                    placeholder={t('paper.anyDifficulty')}
                    options={QUESTION_DIFFICULTIES.map((d) => ({ value: d, label: t(`paper.difficulty_${d}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[r.name, 'labels']} rules={ruleOf('labels')}>
                  <Select mode="tags" style={{ width: 180 }} placeholder={t('paper.labels')} maxCount={5} />
                </Form.Item>
                <Form.Item name={[r.name, 'count']} rules={ruleOf('count')}>
                  <InputNumber min={1} max={PAPER_RULE_COUNT_MAX} precision={0} placeholder={t('paper.count')} data-testid="paper-rule-count" />
                </Form.Item>
                <Form.Item name={[r.name, 'score']} rules={ruleOf('score')} normalize={(v: number | null) => (v == null ? v : roundQuestionScore(v))}>
                  <InputNumber min={0.5} max={QUESTION_SCORE_MAX} step={0.5} placeholder={t('paper.scoreEach')} data-testid="paper-rule-score" />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(r.name)} />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ labels: [], count: 1, score: 1 })} data-testid="paper-add-rule">
              {t('paper.addRule')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** Add or edit a paper (`add-paper`, `?id=` to edit): hand-picked questions with scores, random rules, or both; the total follows. */
export default function PaperEditPage() {
  const { t } = useTranslation();
  const { id, form, title, page, existing } = useRecordFormPage<Values, PaperDetail>({
    queryKey: 'papers',
    titleKeys: { add: 'paper.addTitle', edit: 'paper.editTitle' },
    load: getPaperById,
  });
  const f = useSchemaForm(PaperInsertSchema, { form });
  const items = Form.useWatch('items', { form, preserve: true }) ?? [];
  const [itemsError, setItemsError] = useState<string | null>(null);
  const banks = useQuery({ queryKey: ['papers', 'banks'], queryFn: getBanks });
  const kind = Form.useWatch('kind', form) ?? 'fixed';
  const rules = Form.useWatch('rules', form) ?? [];
  const withItems = kind !== 'random';
  const withRules = kind !== 'fixed';
  const total = paperTotal({
    items: withItems ? items : [],
    rules: withRules ? rules.map((r) => ({ count: r?.count ?? 0, score: r?.score ?? 0 })) : [],
  });

  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    form.setFieldsValue({
      name: p.name,
      kind: p.kind,
      rules: p.rules.map((r) => ({ ...r, difficulty: r.difficulty ?? undefined })),
      items: p.items.map((i) => ({ questionId: i.questionId, score: i.score, stem: stemText(i.stem), type: i.type })),
    });
  }, [existing.data, form]);

  async function save() {
    setItemsError(null);
    const picked = withItems ? items.map(({ questionId, score }) => ({ questionId, score })) : [];
    // The hand-picked questions are kept beside the form: their limits are checked here, the rest by the form.
    if (!PaperInsertSchema.shape.items.safeParse(picked).success) return setItemsError(t('paper.rule.items'));
    const body = await f.read({ items: picked, ...(withRules ? {} : { rules: [] }) });
    if (!body) return;
    await page.save(
      async () => {
        if (id) await updatePaper({ ...body, id });
        else await insertPaper(body);
        return '/dashboard/manage-test-paper';
      },
      (e) => {
        if (!f.showError(e, { report: false })) throw e;
      },
    );
  }

  return (
    <Card title={title} data-testid="paper-edit-page" extra={<Statistic title={t('paper.total')} value={total} data-testid="paper-total" />}>
      <Form form={form} layout="vertical" initialValues={{ kind: 'fixed', rules: [] }} onFinish={() => void save()}>
        <Form.Item {...f.item('name')} label={t('paper.name')}>
          <Input maxLength={f.maxLength('name')} data-testid="paper-name" />
        </Form.Item>
        <Form.Item {...f.item('kind')} label={t('paper.kind')} extra={t(`paper.kindHint_${kind}`)}>
          <Radio.Group data-testid="paper-kind" options={PAPER_KINDS.map((k) => ({ value: k, label: t(`paper.kind_${k}`) }))} />
        </Form.Item>

        {withItems && (
          <Form.Item name="items" label={t('paper.items')} validateStatus={itemsError ? 'error' : undefined} help={itemsError ?? undefined}>
            <PaperItemsField />
          </Form.Item>
        )}

        {withRules && <PaperRulesField banks={banks.data ?? []} />}

        {total === 0 && <Alert type="info" showIcon message={t('paper.emptyHint')} style={{ marginBottom: 16 }} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={page.saving} data-testid="paper-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => page.leave('/dashboard/manage-test-paper')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
