import { studentRoutes, type SearchRecord, type StudentInfo } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { StudentInfo };

/** Not live on every server yet: callers tolerate a failure. */
export function getStudentInfo() {
  return call(studentRoutes.info, {}, { silent: true });
}
export const signIn = () => call(studentRoutes.signIn, {});
/** Recording a search never disturbs the user. */
export const recordSearch = (input: SearchRecord) => call(studentRoutes.searchRecord, input, { silent: true });
export const suggestSearch = (input: { keyword: string }) => call(studentRoutes.searchSuggest, input, { silent: true });
export const findHotWords = () => call(studentRoutes.hotWords, {}, { silent: true });
