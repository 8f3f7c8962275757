import type { Page, UserDetail, UserImportResult, UserInsert, UserListQuery, UserRow, UserUpdate } from '@hanlin/shared';
import { api, type DownloadResult } from '../../platform/api/client';

export type { UserDetail, UserImportResult, UserRow };
export type UserQuery = Partial<UserListQuery> & { page: number; size: number };

/** The two people pages share one API shape: employees under `user`, students under `student-user`. */
export type PeopleKind = 'employee' | 'student';
const PREFIX: Record<PeopleKind, string> = { employee: 'user', student: 'student-user' };

export const findUsers = (q: UserQuery) => api<Page<UserRow>>('user/list', q);

/** Typed calls of one people page. */
export function peopleApi(kind: PeopleKind) {
  const p = PREFIX[kind];
  return {
    find: (q: UserQuery) => api<Page<UserRow>>(`${p}/list`, kind === 'student' ? { ...q, kind: undefined } : q),
    get: (input: { id: number }) => api<UserDetail>(`${p}/get`, input),
    insert: (input: UserInsert) => api<{ id: number }>(`${p}/insert`, input, { silent: true }),
    update: (input: UserUpdate) => api<null>(`${p}/update`, input, { silent: true }),
    remove: (input: { ids: number[] }) => api<null>(`${p}/delete`, input, { silent: true }),
    freeze: (input: { ids: number[] }) => api<null>(`${p}/freeze`, input, { silent: true }),
    unfreeze: (input: { ids: number[] }) => api<null>(`${p}/unfreeze`, input, { silent: true }),
    resetPassword: (input: { ids: number[] }) => api<null>(`${p}/reset-password`, input, { silent: true }),
    batchDepartment: (input: { ids: number[]; orgId: number }) => api<null>(`${p}/batch-update-department`, input, { silent: true }),
    getDataPermission: (input: { id: number }) => api<{ orgIds: number[] }>(`${p}/data-permission/get`, input),
    updateDataPermission: (input: { id: number; orgIds: number[] }) => api<null>(`${p}/data-permission/update`, input, { silent: true }),
    checkName: (input: { username: string; id?: number }) => api<{ available: boolean }>(`${p}/check-name`, input, { silent: true }),
    checkPhone: (input: { phone: string; id?: number }) => api<{ available: boolean }>(`${p}/check-phone`, input, { silent: true }),
    checkEmail: (input: { email: string; id?: number }) => api<{ available: boolean }>(`${p}/check-email`, input, { silent: true }),
    checkCard: (input: { cardNumber: string; id?: number }) => api<{ available: boolean }>(`${p}/check-card`, input, { silent: true }),
    template: () => api<DownloadResult>(`${p}/template`, {}, { download: true }),
    exportList: (q: Omit<UserQuery, 'page' | 'size'> & { page?: number; size?: number }) =>
      api<DownloadResult>(`${p}/export`, q, { download: true, timeout: 300_000 }),
    /** `check` validates every row; `commit` writes (the good rows only with `skipInvalid`). */
    importFile: (input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) => {
      const fd = new FormData();
      fd.append('mode', input.mode);
      fd.append('skipInvalid', String(!!input.skipInvalid));
      fd.append('file', input.file, input.file.name);
      return api<UserImportResult>(`${p}/import`, fd, { silent: true, timeout: 300_000 });
    },
    errorFile: (input: { id: string }) => api<DownloadResult>(`${p}/import/errors`, input, { download: true }),
  };
}
export type PeopleApi = ReturnType<typeof peopleApi>;
