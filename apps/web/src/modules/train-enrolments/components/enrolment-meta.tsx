import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_ENROLMENT_LIFECYCLE, type TrainClassDisplayState, type TrainEnrolmentState } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const STATE_OPTIONS = lifecycleOptions(TRAIN_ENROLMENT_LIFECYCLE);

export function EnrolmentStateTag({ state }: { state: TrainEnrolmentState }) {
  return <LifecycleTag lifecycle={TRAIN_ENROLMENT_LIFECYCLE} state={state} testId={`enrolment-state-${state}`} />;
}

const DISPLAY_COLORS: Record<TrainClassDisplayState, string> = { notStarted: 'blue', ongoing: 'processing', ended: 'default', cancelled: 'red' };

/** Not started / ongoing / ended / cancelled, as the server computed it on its clock. */
export function ClassDisplayTag({ state }: { state: TrainClassDisplayState }) {
  const { t } = useTranslation();
  return (
    <Tag color={DISPLAY_COLORS[state]} data-testid={`class-display-${state}`}>
      {t(`trainEnrolments.display_${state}`)}
    </Tag>
  );
}

export { formatTime as when } from '../../../platform/format';
