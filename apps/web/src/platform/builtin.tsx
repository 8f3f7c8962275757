import { builtinTextKey } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';

type T = (key: string) => string;

/** A row's name as the user reads it: a text the seed wrote (root organization, built-in role, administrator) in the interface language, anything else as typed. */
export function builtinText(t: T, text: string): string;
export function builtinText(t: T, text: string | null | undefined): string | null | undefined;
export function builtinText(t: T, text: string | null | undefined) {
  const key = builtinTextKey(text);
  return key ? t(key) : text;
}

/** `builtinText` bound to the current language. */
export function useBuiltinText() {
  const { t } = useTranslation();
  return (text: string) => builtinText(t, text);
}

/** A name in a table cell or tree node, built-in ones in the interface language. */
export function BuiltinName({ text }: { text: string | null | undefined }) {
  const { t } = useTranslation();
  return <>{builtinText(t, text)}</>;
}
