/**
 * The error catalogue of spec section 8 (the data: `errors.json`). The API sends the upper-case name in `msg` and the
 * number in `code`; the web app shows the translated text. Each name has one HTTP status.
 */
import catalogueByGroup from './errors.json';
import { keysOf, recordOf } from './typed.js';

/** One entry of `errors.json` (grouped by area): `[code, status, zh, en, pt]`. */
type Entry = readonly [code: number, status: number, zh: string, en: string, pt: string];
type Groups = typeof catalogueByGroup;
type Names = { [G in keyof Groups]: keyof Groups[G] }[keyof Groups];

const catalogue = Object.assign({}, ...Object.values(catalogueByGroup)) as Record<Names & string, Entry>;

export type ErrorName = Names & string;
export type Lang = 'zh-CN' | 'en-US' | 'pt';
export const LANGS: readonly [Lang, ...Lang[]] = ['zh-CN', 'en-US', 'pt'];
/** One text in each interface language (import reasons written into Excel error files, …). */
export type LangTexts = Readonly<Record<Lang, string>>;
export const langTexts = (zh: string, en: string, pt: string): LangTexts => ({ 'zh-CN': zh, 'en-US': en, pt });

export interface ErrorInfo {
  name: ErrorName;
  code: number;
  status: number;
  text: Record<Lang, string>;
}

export const ERROR_NAMES: ErrorName[] = keysOf(catalogue);

export const ERRORS: Record<ErrorName, ErrorInfo> = recordOf(ERROR_NAMES, (name) => {
  const [code, status, zh, en, pt] = catalogue[name];
  return { name, code, status, text: { 'zh-CN': zh, 'en-US': en, pt } };
});

const byCode = new Map<number, ErrorInfo>(Object.values(ERRORS).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorInfo | undefined {
  return byCode.get(code);
}

export function isErrorName(value: string): value is ErrorName {
  return Object.prototype.hasOwnProperty.call(catalogue, value);
}

/** Text of a code name in a language (Chinese while that language's texts are not loaded); unknown names come back as they are. */
export function errorText(name: string, lang: Lang): string {
  return isErrorName(name) ? ERRORS[name].text[lang] || ERRORS[name].text['zh-CN'] : name;
}

/**
 * Adds one language's texts. The web app's first download holds only the Chinese texts (see
 * apps/web/build/error-texts.ts) and adds another language's when that language is loaded.
 */
export function addErrorTexts(lang: Lang, texts: Record<string, string>): void {
  for (const [name, text] of Object.entries(texts)) if (isErrorName(name) && text) ERRORS[name].text[lang] = text;
}
