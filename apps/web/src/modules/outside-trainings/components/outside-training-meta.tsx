import { OUTSIDE_TRAINING_LIFECYCLE, type OutsideTrainingState } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const STATE_OPTIONS = lifecycleOptions(OUTSIDE_TRAINING_LIFECYCLE);

/** Fen (as stored and sent) shown as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

export function OutsideTrainingStateTag({ state }: { state: OutsideTrainingState }) {
  return <LifecycleTag lifecycle={OUTSIDE_TRAINING_LIFECYCLE} state={state} testId={`outside-training-state-${state}`} />;
}
