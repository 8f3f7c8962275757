import type { AppVersionCreate, AppVersionListQuery, AppVersionRow, AppVersionUpdate, Page } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type AppVersionQuery = Partial<AppVersionListQuery> & { page: number; size: number };

export const findAppVersionsManaged = (q: AppVersionQuery) => api<Page<AppVersionRow>>('app-version/manage-list', q);
export const getAppVersionById = (input: { id: number }) => api<AppVersionRow>(`app-version/getbyid/${input.id}`);
export const insertAppVersion = (input: AppVersionCreate) => api<AppVersionRow>('app-version/insert', input, { silent: true });
export const updateAppVersion = (input: AppVersionUpdate) => api<AppVersionRow>('app-version/update', input, { silent: true });
export const deleteAppVersions = (input: { ids: number[] }) => api<unknown>('app-version/delete', input);
