import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEARNING_GROUP_KINDS, LEARNING_GROUP_STATUSES } from '@hanlin/shared';

export const KIND_OPTIONS = LEARNING_GROUP_KINDS.map((v) => ({ value: v, labelKey: `learningGroups.kind_${v}` }));
export const STATUS_OPTIONS = LEARNING_GROUP_STATUSES.map((v) => ({ value: v, labelKey: `learningGroups.status_${v}` }));

export function GroupStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'frozen' ? 'red' : 'green'} data-testid={`learning-group-status-${status}`}>
      {t(`learningGroups.status_${status}`, { defaultValue: status })}
    </Tag>
  );
}

export function GroupKindTag({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'formal' ? 'blue' : 'default'}>{t(`learningGroups.kind_${kind}`, { defaultValue: kind })}</Tag>;
}
