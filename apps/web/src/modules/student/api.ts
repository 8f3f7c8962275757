import { api } from '../../platform/api/client';

export interface StudentInfo {
  isSigned: boolean;
  signDays: number;
  exp: number;
  nextExp: number;
}

/** Not live on every server yet: callers tolerate a failure. */
export function getStudentInfo() {
  return api<StudentInfo>('student/info', {}, { silent: true });
}
