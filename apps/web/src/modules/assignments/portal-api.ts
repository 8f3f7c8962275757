import { assignmentRoutes as routes, type MyAssignmentQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** The student's own assignments (a file of its own: the portal pulls no back-office route). */
export const findMyAssignments = (q: Partial<MyAssignmentQuery> & { page: number; size: number }) => call(routes.my, q);
