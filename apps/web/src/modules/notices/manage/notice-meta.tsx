import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_STATUSES, NOTICE_TYPES, type NoticeStatus } from '@hanlin/shared';

export const TYPE_OPTIONS = NOTICE_TYPES.map((v) => ({ value: v, labelKey: `notice.type_${v}` }));
export const STATUS_OPTIONS = NOTICE_STATUSES.map((v) => ({ value: v, labelKey: `notice.status_${v}` }));

const COLORS: Record<NoticeStatus, string> = { draft: 'default', released: 'green', unreleased: 'orange' };

export function NoticeStatusTag({ status }: { status: NoticeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`notice-status-${status}`}>
      {t(`notice.status_${status}`)}
    </Tag>
  );
}
