import { trainAttendanceRoutes as routes, type AttendanceClassQuery, type AttendanceEnter } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type AttendanceClassFilter = Partial<AttendanceClassQuery> & { page: number; size: number };

/** Classes whose attendance the caller keeps (in scope, or headed by the caller). */
export const findAttendanceClasses = (q: AttendanceClassFilter) => call(routes.classes, q);
export const getAttendanceSheet = (input: { classId: number }) => call(routes.sheet, input);
export const enterAttendance = (input: AttendanceEnter) => call(routes.enter, input);
export const submitAttendance = (input: { classId: number }) => call(routes.submit, input);
export const approveAttendance = (input: { classId: number }) => call(routes.approve, input);
export const refuseAttendance = (input: { classId: number; reason: string }) => call(routes.refuse, input);
export const reopenAttendance = (input: { classId: number }) => call(routes.reopen, input);
export const getSignInCode = (input: { stageId: number }) => call(routes.qr, input);
/** The refusal (SIGN_IN_*) is shown by the page itself, in the reader's language. */
export const signInWithCode = (input: { token: string }) => call(routes.signIn, input, { silent: true });
export const getAttendanceStats = (input: { classId: number }) => call(routes.stats, input);
export const exportAttendanceStats = (input: { classId: number }) => call(routes.statsExport, input, { timeout: 300_000 });
export const downloadAttendanceTemplate = () => call(routes.template);
export const downloadAttendanceImportErrors = (input: { id: string }) => call(routes.importErrors, input);
/** `check` validates every row; `commit` writes (the good rows only with `skipInvalid`). */
export function importAttendance(classId: number, input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) {
  const form = new FormData();
  form.append('mode', input.mode);
  form.append('skipInvalid', String(!!input.skipInvalid));
  form.append('file', input.file, input.file.name);
  return call(routes.import, { form, classId, mode: input.mode }, { silent: true, timeout: 300_000 });
}
