import { InputNumber } from 'antd';
import { TRAIN_PLAN_LIFECYCLE, YEAR_PLAN_FORMS, type TrainPlanState } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const FORM_OPTIONS = YEAR_PLAN_FORMS.map((v) => ({ value: v, labelKey: `trainPlans.form_${v}` }));
export const STATE_OPTIONS = lifecycleOptions(TRAIN_PLAN_LIFECYCLE);

/** Fen (as stored and sent) shown as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

export function TrainPlanStateTag({ state }: { state: TrainPlanState }) {
  return <LifecycleTag lifecycle={TRAIN_PLAN_LIFECYCLE} state={state} testId={`train-plan-state-${state}`} />;
}

/** An amount typed in yuan and kept in fen (the API's unit). */
export function YuanInput({ value, onChange, testId }: { value?: number; onChange?: (fen: number) => void; testId?: string }) {
  return (
    <InputNumber
      min={0}
      precision={2}
      value={typeof value === 'number' ? value / 100 : undefined}
      onChange={(v) => onChange?.(Math.round(Number(v ?? 0) * 100))}
      data-testid={testId}
      style={{ width: 160 }}
    />
  );
}
