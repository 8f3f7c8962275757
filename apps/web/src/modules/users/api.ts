import type { Page, UserListQuery, UserRow } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type { UserRow };
export const findUsers = (q: Partial<UserListQuery> & { page: number; size: number }) => api<Page<UserRow>>('user/list', q);
