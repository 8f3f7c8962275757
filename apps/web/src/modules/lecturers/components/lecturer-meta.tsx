import { useTranslation } from 'react-i18next';
import { certificationOf, LECTURER_CERTIFICATION, LECTURER_KINDS, LECTURER_LIFECYCLE } from '@hanlin/shared';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';

export const KIND_OPTIONS = LECTURER_KINDS.map((v) => ({ value: v, labelKey: `lecturer.kind_${v}` }));
export const STATUS_OPTIONS = lifecycleOptions(LECTURER_LIFECYCLE);
export const CERTIFIED_OPTIONS = [
  { value: 'true', labelKey: 'lecturer.certified_yes' },
  { value: 'false', labelKey: 'lecturer.certified_no' },
];

/** Yuan with two decimals from fen. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

export function LecturerStatusTag({ status }: { status: string }) {
  return <LifecycleTag lifecycle={LECTURER_LIFECYCLE} state={status} testId={`lecturer-status-${status}`} />;
}

export function CertifiedTag({ certified }: { certified: boolean }) {
  return <LifecycleTag lifecycle={LECTURER_CERTIFICATION} state={certificationOf(certified)} testId={`lecturer-certified-${certified ? 'yes' : 'no'}`} />;
}

export function KindText({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{t(`lecturer.kind_${kind}`, { defaultValue: kind })}</>;
}
