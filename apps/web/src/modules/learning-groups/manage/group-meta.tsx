import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEARNING_GROUP_KINDS, LEARNING_GROUP_LIFECYCLE } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const KIND_OPTIONS = LEARNING_GROUP_KINDS.map((v) => ({ value: v, labelKey: `learningGroups.kind_${v}` }));
export const STATUS_OPTIONS = lifecycleOptions(LEARNING_GROUP_LIFECYCLE);

export function GroupStatusTag({ status }: { status: string }) {
  return <LifecycleTag lifecycle={LEARNING_GROUP_LIFECYCLE} state={status} testId={`learning-group-status-${status}`} />;
}

export function GroupKindTag({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'formal' ? 'blue' : 'default'}>{t(`learningGroups.kind_${kind}`, { defaultValue: kind })}</Tag>;
}
