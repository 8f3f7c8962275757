import { NOTICE_LIFECYCLE, NOTICE_TYPES, type NoticeStatus } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const TYPE_OPTIONS = NOTICE_TYPES.map((v) => ({ value: v, labelKey: `notice.type_${v}` }));
export const STATUS_OPTIONS = lifecycleOptions(NOTICE_LIFECYCLE);

export function NoticeStatusTag({ status }: { status: NoticeStatus }) {
  return <LifecycleTag lifecycle={NOTICE_LIFECYCLE} state={status} testId={`notice-status-${status}`} />;
}
