import { Button, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { YEAR_PLAN_BUDGET_ITEMS, yearPlanLineTotal, type YearPlanBudgetItem, type YearPlanLineInput } from '@hanlin/shared';
import { FORM_OPTIONS, yuan } from './year-plan-meta';

const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

const newLine = (): YearPlanLineInput => ({
  month: 1,
  sessions: 1,
  trainingType: '',
  content: '',
  form: 'inside',
  days: 1,
  siteFee: 0,
  teacherFee: 0,
  textbookFee: 0,
  travelFee: 0,
});

/**
 * The plan's lines as an editable table: amounts are typed in yuan and kept in fen (the API's unit);
 * each line's subtotal and the plan's total shown as typed (the server computes the stored totals).
 */
export function YearPlanLinesField({ value, onChange }: { value?: YearPlanLineInput[]; onChange?: (v: YearPlanLineInput[]) => void }) {
  const { t } = useTranslation();
  const lines = value ?? [];
  const set = (i: number, patch: Partial<YearPlanLineInput>) => onChange?.(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const fee = (item: YearPlanBudgetItem) => ({
    key: item,
    title: t(`yearPlans.${item}`),
    render: (_: unknown, l: YearPlanLineInput, i: number) => (
      <InputNumber
        min={0}
        precision={2}
        value={l[item] / 100}
        onChange={(v) => set(i, { [item]: Math.round(Number(v ?? 0) * 100) })}
        data-testid={`year-plan-line-${item}-${i}`}
        style={{ width: 110 }}
      />
    ),
  });
  const total = lines.reduce((s, l) => s + yearPlanLineTotal(l), 0);
  return (
    <div data-testid="year-plan-lines">
      <Table<YearPlanLineInput>
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'month',
            title: t('yearPlans.month'),
            render: (_, l, i) => (
              <Select options={MONTHS} value={l.month} onChange={(month) => set(i, { month })} style={{ width: 72 }} data-testid={`year-plan-line-month-${i}`} />
            ),
          },
          {
            key: 'sessions',
            title: t('yearPlans.sessions'),
            render: (_, l, i) => (
              <InputNumber min={1} precision={0} value={l.sessions} onChange={(v) => set(i, { sessions: v ?? 1 })} data-testid={`year-plan-line-sessions-${i}`} />
            ),
          },
          {
            key: 'trainingType',
            title: t('yearPlans.trainingType'),
            render: (_, l, i) => (
              <Input value={l.trainingType} maxLength={50} onChange={(e) => set(i, { trainingType: e.target.value })} data-testid={`year-plan-line-trainingType-${i}`} />
            ),
          },
          {
            key: 'content',
            title: t('yearPlans.content'),
            render: (_, l, i) => <Input value={l.content} maxLength={500} onChange={(e) => set(i, { content: e.target.value })} data-testid={`year-plan-line-content-${i}`} />,
          },
          {
            key: 'form',
            title: t('yearPlans.form'),
            render: (_, l, i) => (
              <Select
                options={FORM_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
                value={l.form}
                onChange={(form) => set(i, { form })}
                style={{ width: 96 }}
              />
            ),
          },
          {
            key: 'days',
            title: t('yearPlans.days'),
            render: (_, l, i) => <InputNumber min={1} precision={0} value={l.days} onChange={(v) => set(i, { days: v ?? 1 })} data-testid={`year-plan-line-days-${i}`} />,
          },
          ...YEAR_PLAN_BUDGET_ITEMS.map(fee),
          {
            key: 'total',
            title: t('yearPlans.lineTotal'),
            render: (_, l, i) => <span data-testid={`year-plan-line-total-${i}`}>{yuan(yearPlanLineTotal(l))}</span>,
          },
          {
            key: 'remove',
            title: '',
            render: (_, _l, i) => (
              <Button type="link" danger onClick={() => onChange?.(lines.filter((_x, j) => j !== i))}>
                {t('common.delete')}
              </Button>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
        <Button onClick={() => onChange?.([...lines, newLine()])} data-testid="year-plan-add-line">
          {t('yearPlans.addLine')}
        </Button>
        <span>
          {t('yearPlans.totalBudget')}: <b data-testid="year-plan-total">{yuan(total)}</b>
        </span>
      </div>
    </div>
  );
}
