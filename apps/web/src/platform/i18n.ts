import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CONSTANTS, ERRORS, LANGS, isErrorName, type Lang } from '@hanlin/shared';
import { catalogues } from '../locales';

export const DEFAULT_LANG: Lang = 'zh-CN';

export function storedLang(): Lang {
  try {
    const v = localStorage.getItem(CONSTANTS.LANG_STORAGE_KEY);
    return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** Error texts come from the shared catalogue, so server and client agree on every code. */
function errorResources(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.values(ERRORS).map((e) => [e.name, e.text[lang]]));
}

const resources = Object.fromEntries(
  LANGS.map((lang) => [lang, { translation: { ...catalogues[lang], error: errorResources(lang) } }]),
);

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  // Permission keys such as `perm.group:course` contain a colon.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocument(lang: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.title = i18n.t('app.title');
}
applyDocument(i18n.language);
i18n.on('languageChanged', applyDocument);

export function currentLang(): Lang {
  const l = i18n.language;
  return (LANGS as readonly string[]).includes(l) ? (l as Lang) : DEFAULT_LANG;
}

export async function setLang(lang: Lang): Promise<void> {
  localStorage.setItem(CONSTANTS.LANG_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
}

/** Translated text of an upper-case error name; unknown names come back as they are. */
export function errorMessage(name: string): string {
  return isErrorName(name) ? ERRORS[name].text[currentLang()] : name;
}

export default i18n;
