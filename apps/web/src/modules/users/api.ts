import { employeeRoutes, studentUserRoutes, type UserDetail, type UserImportResult, type UserInsert, type UserListQuery, type UserRow, type UserUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { UserDetail, UserImportResult, UserRow };
export type UserQuery = Partial<UserListQuery> & { page: number; size: number };

/** The two people pages share one API shape: employees under `user`, students under `student-user`. */
export type PeopleKind = 'employee' | 'student';
const ROUTES = { employee: employeeRoutes, student: studentUserRoutes };

/** Typed calls of one people page. */
export function peopleApi(kind: PeopleKind) {
  const r = ROUTES[kind];
  return {
    find: (q: UserQuery) => call(r.list, kind === 'student' ? { ...q, kind: undefined } : q),
    get: (input: { id: number }) => call(r.get, input),
    insert: (input: UserInsert) => call(r.insert, input, { silent: true }),
    update: (input: UserUpdate) => call(r.update, input, { silent: true }),
    remove: (input: { ids: number[] }) => call(r.delete, input, { silent: true }),
    freeze: (input: { ids: number[] }) => call(r.freeze, input, { silent: true }),
    unfreeze: (input: { ids: number[] }) => call(r.unfreeze, input, { silent: true }),
    resetPassword: (input: { ids: number[] }) => call(r.resetPassword, input, { silent: true }),
    batchDepartment: (input: { ids: number[]; orgId: number }) => call(r.batchDepartment, input, { silent: true }),
    getDataPermission: (input: { id: number }) => call(r.getDataPermission, input),
    updateDataPermission: (input: { id: number; orgIds: number[] }) => call(r.updateDataPermission, input, { silent: true }),
    checkName: (input: { username: string; id?: number }) => call(r.checkName, input, { silent: true }),
    checkPhone: (input: { phone: string; id?: number }) => call(r.checkPhone, input, { silent: true }),
    checkEmail: (input: { email: string; id?: number }) => call(r.checkEmail, input, { silent: true }),
    checkCard: (input: { cardNumber: string; id?: number }) => call(r.checkCard, input, { silent: true }),
    template: () => call(r.template),
    exportList: (q: Omit<UserQuery, 'page' | 'size'> & { page?: number; size?: number }) => call(r.export, q, { timeout: 300_000 }),
    /** `check` validates every row; `commit` writes (the good rows only with `skipInvalid`). */
    importFile: (input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) => {
      const form = new FormData();
      form.append('mode', input.mode);
      form.append('skipInvalid', String(!!input.skipInvalid));
      form.append('file', input.file, input.file.name);
      return call(r.import, { form }, { silent: true, timeout: 300_000 });
    },
    errorFile: (input: { id: string }) => call(r.importErrors, input),
  };
}
export type PeopleApi = ReturnType<typeof peopleApi>;
