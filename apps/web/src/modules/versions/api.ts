import type { Page } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export interface AppVersion {
  id: number;
  version: string;
  platform?: string;
  description?: string;
  url?: string;
  createdAt?: string;
}

export function findAppVersions(input: { page: number; size: number }) {
  return api<Page<AppVersion>>('app-version/list', input, { anonymous: true, silent: true });
}
