import type { Lang } from '@hanlin/shared';
import enUS from './en-US';
import enUSManage from './en-US/manage';
import { mergeCatalogue } from './merge';
import pt from './pt';
import ptManage from './pt/manage';
import zhCN from './zh-CN';
import zhCNManage from './zh-CN/manage';

export type Catalogue = typeof zhCN;

/**
 * Each language's whole catalogue, the first download's texts and the back office's together (the app loads
 * them separately, see platform/i18n.ts). The three carry the same keys (checked by catalogues.test.ts).
 */
export const catalogues: Record<Lang, Catalogue> = {
  'zh-CN': mergeCatalogue({ a: zhCN, b: zhCNManage }),
  'en-US': mergeCatalogue({ a: enUS, b: enUSManage }),
  pt: mergeCatalogue({ a: pt, b: ptManage }),
};
