import {
  assignmentRoutes as routes,
  type AssignmentCreate,
  type AssignmentListQuery,
  type AssignmentProgressExport,
  type AssignmentProgressQuery,
  type AssignmentUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

export type AssignmentQuery = Partial<AssignmentListQuery> & { page: number; size: number };

export const findAssignments = (q: AssignmentQuery) => call(routes.list, q);
export const getAssignmentById = (input: { id: number }) => call(routes.get, input);
export const searchAssignableCourses = (input: { keyword?: string; limit?: number }) => call(routes.courses, input);
/** The caller shows the refusal (an audience beyond their scope is offered the replace prompt). */
export const insertAssignment = (input: AssignmentCreate) => call(routes.insert, input, { silent: true });
export const updateAssignment = (input: AssignmentUpdate) => call(routes.update, input, { silent: true });
export const deleteAssignments = (input: { ids: number[] }) => call(routes.delete, input);
export const publishAssignments = (input: { ids: number[] }) => call(routes.publish, input);
export const unpublishAssignments = (input: { ids: number[] }) => call(routes.unpublish, input);
export const findAssignmentProgress = (q: Partial<AssignmentProgressQuery> & { id: number; page: number; size: number }) => call(routes.progress, q);
export const exportAssignmentProgress = (q: Omit<AssignmentProgressExport, 'lang' | 'timeZone'>) =>
  call(routes.exportProgress, { ...q, ...exportLocale() }, { timeout: 5 * 60_000 });
