import { useTranslation } from 'react-i18next';

/** A business type's name in the reader's language (a type a module added later shows its key). */
export function BusinessType({ type }: { type: string }) {
  const { t } = useTranslation();
  return <>{t(`approvals.type_${type}`, { defaultValue: type })}</>;
}
