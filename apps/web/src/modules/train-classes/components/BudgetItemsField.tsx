import { Button, Input, InputNumber, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_CLASS_LIMITS, type TrainClassBudgetItem } from '@hanlin/shared';

/** Budget items per capita (project ≤ 20 characters, whole yuan up to 999,999), with their sum. */
export function BudgetItemsField({ value, onChange }: { value?: TrainClassBudgetItem[]; onChange?: (v: TrainClassBudgetItem[]) => void }) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const set = (i: number, patch: Partial<TrainClassBudgetItem>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div data-testid="train-class-budget">
      <Table<TrainClassBudgetItem>
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={rows}
        columns={[
          {
            key: 'project',
            title: t('trainClasses.budgetProject'),
            render: (_, r, i) => (
              <Input
                value={r.project}
                maxLength={TRAIN_CLASS_LIMITS.BUDGET_PROJECT_MAX}
                onChange={(e) => set(i, { project: e.target.value })}
                data-testid={`train-class-budget-project-${i}`}
              />
            ),
          },
          {
            key: 'amount',
            title: t('trainClasses.budgetAmount'),
            render: (_, r, i) => (
              <InputNumber
                min={1}
                max={TRAIN_CLASS_LIMITS.BUDGET_AMOUNT_MAX}
                precision={0}
                value={r.amountPerCapita}
                onChange={(v) => set(i, { amountPerCapita: Number(v ?? 1) })}
                data-testid={`train-class-budget-amount-${i}`}
              />
            ),
          },
          {
            key: 'ops',
            render: (_, _r, i) => (
              <Button type="link" danger onClick={() => onChange?.(rows.filter((_x, j) => j !== i))}>
                {t('common.delete')}
              </Button>
            ),
          },
        ]}
      />
      <div style={{ marginTop: 8, display: 'flex', gap: 16, alignItems: 'center' }}>
        <Button type="dashed" onClick={() => onChange?.([...rows, { project: '', amountPerCapita: 1 }])} data-testid="train-class-budget-add">
          {t('trainClasses.addBudgetItem')}
        </Button>
        <span data-testid="train-class-budget-total">{t('trainClasses.budgetTotal', { n: rows.reduce((s, r) => s + (r.amountPerCapita || 0), 0) })}</span>
      </div>
    </div>
  );
}
