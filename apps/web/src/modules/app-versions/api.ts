import { appVersionRoutes as routes, type AppVersionListQuery, type AppVersionCreate, type AppVersionRow, type AppVersionUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type AppVersionQuery = Partial<AppVersionListQuery> & { page: number; size: number };

export const findAppVersionsManaged = (q: AppVersionQuery) => call(routes.list, q);
export const getAppVersionById = (input: { id: number }) => call(routes.get, input);
export const insertAppVersion = (input: AppVersionCreate) => call(routes.insert, input, { silent: true });
export const updateAppVersion = (input: AppVersionUpdate) => call(routes.update, input, { silent: true });
export const deleteAppVersions = (input: { ids: number[] }) => call(routes.delete, input);

/** A published version; `url` is not sent by the server yet (the page shows a link when it is). */
export type AppVersion = AppVersionRow & { url?: string };

/** The public version page's list (no sign-in). */
export function findAppVersions(input: { page: number; size: number }) {
  return call(routes.publicList, input, { silent: true });
}
