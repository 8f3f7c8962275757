import type { ExportLocale } from '@hanlin/shared';
import { currentLang } from '../i18n';

/** What an export needs to speak the reader's language and time: the interface language and the browser's time zone. */
export function exportLocale(): ExportLocale {
  return { lang: currentLang(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai' };
}
