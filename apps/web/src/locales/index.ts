import type { Lang } from '@hanlin/shared';
import enUS from './en-US';
import pt from './pt';
import zhCN from './zh-CN';

export type Catalogue = typeof zhCN;

/** The three catalogues carry the same keys (checked by catalogues.test.ts). */
export const catalogues: Record<Lang, Catalogue> = { 'zh-CN': zhCN, 'en-US': enUS, pt };
