import {
  lecturerRoutes as routes,
  type LecturerDetail,
  type LecturerImportResult,
  type LecturerInnerUser,
  type LecturerInnerUsersQuery,
  type LecturerInsert,
  type LecturerListQuery,
  type LecturerRow,
  type LecturerUpdate,
  type TeacherLevel,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { LecturerDetail, LecturerImportResult, LecturerRow, TeacherLevel };
export type LecturerQuery = Partial<LecturerListQuery> & { page: number; size: number };
export type InnerUser = LecturerInnerUser;

export const findLecturers = (q: LecturerQuery) => call(routes.list, q);
export const getLecturerById = (input: { id: number }) => call(routes.get, input);
/** Employees who are not lecturers yet (internal lecturer picker). */
export const findInnerUsers = (q: Partial<LecturerInnerUsersQuery> & { page: number; size: number }) => call(routes.innerUsers, q);
export const insertLecturer = (input: LecturerInsert) => call(routes.insert, input, { silent: true });
export const updateLecturer = (input: LecturerUpdate) => call(routes.update, input, { silent: true });
export const deleteLecturers = (input: { ids: number[] }) => call(routes.delete, input);
export const freezeLecturers = (input: { ids: number[] }) => call(routes.freeze, input);
export const unfreezeLecturers = (input: { ids: number[] }) => call(routes.unfreeze, input);
export const certifyLecturers = (input: { ids: number[]; certified: boolean }) => call(routes.certify, input);

export const getTeacherLevels = () => call(routes.levels);
export const insertTeacherLevel = (input: { name: string; sort: number }) => call(routes.insertLevel, input, { silent: true });
export const updateTeacherLevel = (input: { id: number; name?: string; sort?: number }) => call(routes.updateLevel, input, { silent: true });
export const deleteTeacherLevel = (input: { id: number }) => call(routes.deleteLevel, input);

// ---- Excel ----
export const downloadLecturerTemplate = () => call(routes.template);
/** The list filters of the page; the file holds every matching lecturer in the caller's scope. */
export const exportLecturers = (q: Partial<LecturerListQuery>) => call(routes.export, q, { timeout: 300_000 });
/** `check` validates every row; `commit` writes (the good rows only with `skipInvalid`). */
export function importLecturers(input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) {
  const form = new FormData();
  form.append('mode', input.mode);
  form.append('skipInvalid', String(!!input.skipInvalid));
  form.append('file', input.file, input.file.name);
  return call(routes.import, { form }, { silent: true, timeout: 300_000 });
}
export const downloadLecturerImportErrors = (input: { id: string }) => call(routes.importErrors, input);
