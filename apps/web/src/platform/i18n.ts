import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import antdZhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { CONSTANTS, ERROR_NAMES, LANGS, addErrorTexts, errorText, isErrorName, type Lang, type LangTexts, oneOf, getKnown } from '@hanlin/shared';
import zhCN from '../locales/zh-CN';

export const DEFAULT_LANG: Lang = 'zh-CN';

export function storedLang(): Lang {
  try {
    const v = localStorage.getItem(CONSTANTS.LANG_STORAGE_KEY);
    return oneOf(LANGS, v, DEFAULT_LANG);
  } catch {
    return DEFAULT_LANG;
  }
}

/** Error texts come from the shared catalogue, so server and client agree on every code. */
function errorResources(lang: Lang): Record<string, string> {
  return Object.fromEntries(ERROR_NAMES.map((name) => [name, errorText(name, lang)]));
}

/** The error texts of a language other than Chinese, loaded with it (see apps/web/build/error-texts.ts). */
const ERROR_TEXTS: Record<Lang, () => Promise<{ default: Record<string, string> }>> = {
  'zh-CN': async () => ({ default: {} }),
  'en-US': () => import('virtual:error-texts/en-US'),
  pt: () => import('virtual:error-texts/pt'),
};

/**
 * Chinese (the default and the fallback) is in the first download; another language's texts,
 * Ant Design and dayjs locales load when it is chosen (or stored), before it shows.
 */
const CATALOGUES = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/index.ts', '!../locales/zh-CN/index.ts']);
const UI_LOCALES: Record<Lang, () => Promise<{ antd: Locale; dayjs: string }>> = {
  'zh-CN': async () => ({ antd: antdZhCN, dayjs: 'zh-cn' }),
  'en-US': async () => ({ antd: (await import('antd/es/locale/en_US')).default, dayjs: 'en' }),
  pt: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/pt_BR'), import('dayjs/locale/pt-br')]);
    return { antd: antd.default, dayjs: 'pt-br' };
  },
};
const uiLocales = new Map<string, { antd: Locale; dayjs: string }>([['zh-CN', { antd: antdZhCN, dayjs: 'zh-cn' }]]);

/** Ant Design's locale of a loaded language (Chinese until the language is loaded). */
export function antdLocale(lang: Lang): Locale {
  return (uiLocales.get(lang) ?? getKnown(uiLocales, DEFAULT_LANG, 'loaded language')).antd;
}

/**
 * The back office's texts (locales/<lang>/manage): loaded by the areas that show them (management, lecturer
 * and class-teacher ends, see app/router.tsx) for the current language, and with every language chosen
 * afterwards.
 */
const MANAGE_CATALOGUES = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/manage.ts');
const manageLoaded = new Map<Lang, Promise<void>>();
let manageWanted = false;

function loadManageLang(lang: Lang): Promise<void> {
  let loading = manageLoaded.get(lang);
  if (!loading) {
    loading = MANAGE_CATALOGUES[`../locales/${lang}/manage.ts`]().then((m) => {
      i18n.addResourceBundle(lang, 'translation', m.default, true, true);
    });
    loading.catch(() => manageLoaded.delete(lang)); // a failed chunk is tried again next time
    manageLoaded.set(lang, loading);
  }
  return loading;
}

/** Loads the back office's texts of the current language (and of every language chosen later). */
export function loadManageTexts(): Promise<void> {
  manageWanted = true;
  return loadManageLang(currentLang());
}

async function loadLang(lang: Lang): Promise<void> {
  if (manageWanted) await loadManageLang(lang);
  if (uiLocales.has(lang) && i18n.hasResourceBundle(lang, 'translation')) return;
  const [catalogue, ui, errors] = await Promise.all([CATALOGUES[`../locales/${lang}/index.ts`](), UI_LOCALES[lang](), ERROR_TEXTS[lang]()]);
  addErrorTexts(lang, errors.default);
  i18n.addResourceBundle(lang, 'translation', { ...catalogue.default, error: errorResources(lang) }, true, true);
  uiLocales.set(lang, ui);
}

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANG]: { translation: { ...zhCN, error: errorResources(DEFAULT_LANG) } } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  // Permission keys such as `perm.group:course` contain a colon.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocument(lang: string) {
  dayjs.locale((uiLocales.get(lang) ?? getKnown(uiLocales, DEFAULT_LANG, 'loaded language')).dayjs);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.title = i18n.t('app.title');
}
applyDocument(i18n.language);
i18n.on('languageChanged', applyDocument);

/** The stored language, loaded: main.tsx renders once this settles (at once for Chinese). */
export const i18nReady: Promise<void> = (async () => {
  const lang = storedLang();
  if (lang === DEFAULT_LANG) return;
  try {
    await loadLang(lang);
    await i18n.changeLanguage(lang);
  } catch {
    // A chunk that fails to load leaves the page in Chinese rather than blank.
  }
})();

export function currentLang(): Lang {
  return oneOf(LANGS, i18n.language, DEFAULT_LANG);
}

/** The text of `code` in a table of texts per language (an import's reasons) in the current language; `code` itself where the table has none. */
export function codeText(table: Readonly<Record<string, LangTexts>>, code: string): string {
  return code in table ? table[code][currentLang()] : code;
}

export async function setLang(lang: Lang): Promise<void> {
  await loadLang(lang);
  localStorage.setItem(CONSTANTS.LANG_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
}

/** Translated text of an upper-case error name; unknown names come back as they are. */
export function errorMessage(name: string): string {
  return isErrorName(name) ? errorText(name, currentLang()) : name;
}

export default i18n;
