import { studentRoutes, type StudentInfo } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { StudentInfo };

/** Not live on every server yet: callers tolerate a failure. */
export function getStudentInfo() {
  return call(studentRoutes.info, {}, { silent: true });
}
