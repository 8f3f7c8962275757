import { appVersionRoutes, type AppVersionRow } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** A published version; `url` is not sent by the server yet (the page shows a link when it is). */
export type AppVersion = AppVersionRow & { url?: string };

export function findAppVersions(input: { page: number; size: number }) {
  return call(appVersionRoutes.publicList, input, { silent: true });
}
