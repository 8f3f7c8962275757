import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRAIN_CLASS_DISPLAY_STATES,
  TRAIN_CLASS_FORMS,
  TRAIN_CLASS_LIFECYCLE,
  TRAIN_CLASS_MODES,
  TRAIN_CLASS_PLAN_KINDS,
  type TrainClassDisplayState,
  type TrainClassState,
} from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const STATE_OPTIONS = lifecycleOptions(TRAIN_CLASS_LIFECYCLE);
export const DISPLAY_OPTIONS = TRAIN_CLASS_DISPLAY_STATES.map((v) => ({ value: v, labelKey: `trainClasses.display_${v}` }));
export const MODE_OPTIONS = TRAIN_CLASS_MODES.map((v) => ({ value: v, labelKey: `trainClasses.mode_${v}` }));
export const FORM_OPTIONS = TRAIN_CLASS_FORMS.map((v) => ({ value: v, labelKey: `trainClasses.form_${v}` }));
export const PLAN_KIND_OPTIONS = TRAIN_CLASS_PLAN_KINDS.map((v) => ({ value: v, labelKey: `trainClasses.planKind_${v}` }));

const DISPLAY_COLORS: Record<TrainClassDisplayState, string> = { notStarted: 'default', ongoing: 'processing', ended: 'blue', cancelled: 'red' };

export function TrainClassStateTag({ state }: { state: TrainClassState }) {
  return <LifecycleTag lifecycle={TRAIN_CLASS_LIFECYCLE} state={state} testId={`train-class-state-${state}`} />;
}

/** Not started, ongoing, ended, cancelled: computed by the server on its clock. */
export function DisplayStateTag({ state }: { state: TrainClassDisplayState }) {
  const { t } = useTranslation();
  return (
    <Tag color={DISPLAY_COLORS[state]} data-testid={`train-class-display-${state}`}>
      {t(`trainClasses.display_${state}`)}
    </Tag>
  );
}

/** A stage's place: the room, the site or the text. */
export const placeOf = (s: { boardroomName: string | null; trainPlaceName: string | null; placeText: string }) => s.boardroomName ?? s.trainPlaceName ?? s.placeText;
