import {
  learningGroupRoutes as routes,
  type LearningGroupInsert,
  type LearningGroupListQuery,
  type LearningGroupMember,
  type LearningGroupMemberListQuery,
  type LearningGroupMembers,
  type LearningGroupUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { LearningGroupMember };
export type LearningGroupQuery = Partial<LearningGroupListQuery> & { page: number; size: number };

export const findLearningGroups = (q: LearningGroupQuery) => call(routes.list, q);
export const findLearningGroupMembers = (q: Partial<LearningGroupMemberListQuery> & { id: number; page: number; size: number }) => call(routes.members, q);
export const insertLearningGroup = (input: LearningGroupInsert) => call(routes.insert, input, { silent: true });
export const updateLearningGroup = (input: LearningGroupUpdate) => call(routes.update, input, { silent: true });
export const deleteLearningGroups = (input: { ids: number[] }) => call(routes.delete, input);
export const freezeLearningGroups = (input: { ids: number[] }) => call(routes.freeze, input);
export const unfreezeLearningGroups = (input: { ids: number[] }) => call(routes.unfreeze, input);
export const addLearningGroupMembers = (input: LearningGroupMembers) => call(routes.addMembers, input);
export const removeLearningGroupMembers = (input: LearningGroupMembers) => call(routes.removeMembers, input);

/** One group in the caller's scope. */
export const getLearningGroup = (id: number) => call(routes.get, { id });
