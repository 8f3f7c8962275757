import { YEAR_PLAN_FORMS, YEAR_PLAN_LIFECYCLE, YEAR_PLAN_TYPES, type YearPlanState } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const TYPE_OPTIONS = YEAR_PLAN_TYPES.map((v) => ({ value: v, labelKey: `yearPlans.type_${v}` }));
export const FORM_OPTIONS = YEAR_PLAN_FORMS.map((v) => ({ value: v, labelKey: `yearPlans.form_${v}` }));
export const STATE_OPTIONS = lifecycleOptions(YEAR_PLAN_LIFECYCLE);

/** Fen (as stored and sent) shown as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

export function YearPlanStateTag({ state }: { state: YearPlanState }) {
  return <LifecycleTag lifecycle={YEAR_PLAN_LIFECYCLE} state={state} testId={`year-plan-state-${state}`} />;
}
