import { PLATFORM_PARAMS_DEFAULTS, settingsRoutes } from '@hanlin/shared';
import { call } from './api/call';
import i18n from './i18n';

let names: { zh: string; en: string } | null = null;

/** The platform name set on the parameters page replaces `app.title` (Chinese, or English for the other languages). */
function apply() {
  if (!names) return;
  const lang = i18n.language;
  i18n.addResource(lang, 'translation', 'app.title', lang === 'zh-CN' ? names.zh : names.en);
  if (typeof document !== 'undefined') document.title = i18n.t('app.title');
}

/** Reads the name once at start (public login config); a language loaded later gets it too. */
export function loadSiteName(): void {
  i18n.on('languageChanged', apply);
  call(settingsRoutes.loginConfig, undefined, { silent: true })
    .then((c) => {
      // The default name keeps each language's own translation of it.
      if (c.siteNameZh === PLATFORM_PARAMS_DEFAULTS.siteNameZh && c.siteNameEn === PLATFORM_PARAMS_DEFAULTS.siteNameEn) return;
      names = { zh: c.siteNameZh, en: c.siteNameEn };
      apply();
      // Re-render what shows the title (header, login page).
      void i18n.changeLanguage(i18n.language);
    })
    .catch(() => undefined);
}
