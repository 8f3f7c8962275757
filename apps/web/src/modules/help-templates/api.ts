import { helpTemplateRoutes as routes, type HelpTemplateCreate, type HelpTemplateListQuery, type HelpTemplateUpdate } from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';
import { api, type DownloadResult } from '../../platform/api/client';

export type HelpTemplateQuery = Partial<HelpTemplateListQuery> & { page: number; size: number };

export const findHelpTemplates = (q: HelpTemplateQuery) => call(routes.list, q);
export const getHelpTemplateById = (input: { id: number }) => call(routes.get, input);
export const insertHelpTemplate = (input: HelpTemplateCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateHelpTemplate = (input: HelpTemplateUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteHelpTemplates = (input: { ids: number[] }) => call(routes.delete, input);
export const findPublishedHelp = (q: Omit<HelpTemplateQuery, 'published'>) => call(routes.published, q);
export const readHelpTemplate = (input: { id: number }) => call(routes.read, input);
/** An attached file (`/api/upload/file/<uuid>`), fetched with the session's headers, as a download. */
export const downloadHelpFile = (ref: string) => api<DownloadResult>(ref.replace(/^\/api\//, ''), undefined, { method: 'GET', download: true });
