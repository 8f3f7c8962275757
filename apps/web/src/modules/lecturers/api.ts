import type { LecturerDetail, LecturerImportResult, LecturerInnerUsersQuery, LecturerInsert, LecturerListQuery, LecturerRow, LecturerUpdate, Page, TeacherLevel } from '@hanlin/shared';
import { api, type DownloadResult } from '../../platform/api/client';

export type { LecturerDetail, LecturerImportResult, LecturerRow, TeacherLevel };
export type LecturerQuery = Partial<LecturerListQuery> & { page: number; size: number };
export interface InnerUser {
  id: number;
  username: string;
  realname: string;
  email: string | null;
  orgId: number | null;
  orgName: string | null;
}

export const findLecturers = (q: LecturerQuery) => api<Page<LecturerRow>>('teacher/list', q);
export const getLecturerById = (input: { id: number }) => api<LecturerDetail>('teacher/get', input);
/** Employees who are not lecturers yet (internal lecturer picker). */
export const findInnerUsers = (q: Partial<LecturerInnerUsersQuery> & { page: number; size: number }) => api<Page<InnerUser>>('teacher/inner-users', q);
export const insertLecturer = (input: LecturerInsert) => api<{ id: number }>('teacher/insert', input, { silent: true });
export const updateLecturer = (input: LecturerUpdate) => api<null>('teacher/update', input, { silent: true });
export const deleteLecturers = (input: { ids: number[] }) => api<null>('teacher/delete', input);
export const freezeLecturers = (input: { ids: number[] }) => api<null>('teacher/freeze', input);
export const unfreezeLecturers = (input: { ids: number[] }) => api<null>('teacher/unfreeze', input);
export const certifyLecturers = (input: { ids: number[]; certified: boolean }) => api<null>('teacher/auth', input);

export const getTeacherLevels = () => api<TeacherLevel[]>('teacher-level/all', {});
export const insertTeacherLevel = (input: { name: string; sort: number }) => api<{ id: number }>('teacher-level/insert', input, { silent: true });
export const updateTeacherLevel = (input: { id: number; name?: string; sort?: number }) => api<null>('teacher-level/update', input, { silent: true });
export const deleteTeacherLevel = (input: { id: number }) => api<null>('teacher-level/delete', input);

// ---- Excel ----
export const downloadLecturerTemplate = () => api<DownloadResult>('teacher/template', {}, { download: true });
/** The list filters of the page; the file holds every matching lecturer in the caller's scope. */
export const exportLecturers = (q: Partial<LecturerListQuery>) => api<DownloadResult>('teacher/export', q, { download: true, timeout: 300_000 });
/** `check` validates every row; `commit` writes (the good rows only with `skipInvalid`). */
export function importLecturers(input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) {
  const fd = new FormData();
  fd.append('mode', input.mode);
  fd.append('skipInvalid', String(!!input.skipInvalid));
  fd.append('file', input.file, input.file.name);
  return api<LecturerImportResult>('teacher/import', fd, { silent: true, timeout: 300_000 });
}
export const downloadLecturerImportErrors = (input: { id: string }) => api<DownloadResult>('teacher/import/errors', input, { download: true });
