import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LECTURER_KINDS, LECTURER_STATUSES } from '@hanlin/shared';

export const KIND_OPTIONS = LECTURER_KINDS.map((v) => ({ value: v, labelKey: `lecturer.kind_${v}` }));
export const STATUS_OPTIONS = LECTURER_STATUSES.map((v) => ({ value: v, labelKey: `lecturer.status_${v}` }));
export const CERTIFIED_OPTIONS = [
  { value: 'true', labelKey: 'lecturer.certified_yes' },
  { value: 'false', labelKey: 'lecturer.certified_no' },
];

/** Yuan with two decimals from fen. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

export function LecturerStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'frozen' ? 'red' : 'green'} data-testid={`lecturer-status-${status}`}>
      {t(`lecturer.status_${status}`, { defaultValue: status })}
    </Tag>
  );
}

export function CertifiedTag({ certified }: { certified: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={certified ? 'blue' : 'default'} data-testid={`lecturer-certified-${certified ? 'yes' : 'no'}`}>
      {t(certified ? 'lecturer.certified_yes' : 'lecturer.certified_no')}
    </Tag>
  );
}

export function KindText({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{t(`lecturer.kind_${kind}`, { defaultValue: kind })}</>;
}
