import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_STATUSES, type CertificateSourceKind, type CertificateStatus } from '@hanlin/shared';

export const STATUS_OPTIONS = CERTIFICATE_STATUSES.map((v) => ({ value: v, labelKey: `certificate.status_${v}` }));
const COLORS: Record<CertificateStatus, string> = { valid: 'green', expired: 'orange', revoked: 'red' };

export function CertificateStatusTag({ status }: { status: CertificateStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`certificate-status-${status}`}>
      {t(`certificate.status_${status}`)}
    </Tag>
  );
}

const SOURCE_COLORS: Record<CertificateSourceKind, string> = { course: 'blue', exam: 'purple', training: 'cyan' };

/** What the certificate was issued for: a course, an exam or a training class. */
export function CertificateSourceTag({ kind }: { kind: CertificateSourceKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={SOURCE_COLORS[kind]} data-testid={`certificate-source-${kind}`}>
      {t(`certificate.source_${kind}`)}
    </Tag>
  );
}

/** "12 months" or "Permanent". */
export function ValidityText({ months }: { months: number | null }) {
  const { t } = useTranslation();
  return <>{months === null ? t('certificate.permanent') : t('certificate.months', { count: months })}</>;
}

export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
