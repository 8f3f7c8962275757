import type {
  LearningGroupInsert,
  LearningGroupListQuery,
  LearningGroupMemberListQuery,
  LearningGroupMembers,
  LearningGroupRow,
  LearningGroupUpdate,
  Page,
} from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type LearningGroupQuery = Partial<LearningGroupListQuery> & { page: number; size: number };
export interface LearningGroupMember {
  id: number;
  username: string;
  realname: string;
  orgId: number | null;
  orgName: string | null;
  status: string;
}

export const findLearningGroups = (q: LearningGroupQuery) => api<Page<LearningGroupRow>>('learning-group/list', q);
export const findLearningGroupMembers = (q: Partial<LearningGroupMemberListQuery> & { id: number; page: number; size: number }) =>
  api<Page<LearningGroupMember>>('learning-group/members', q);
export const insertLearningGroup = (input: LearningGroupInsert) => api<{ id: number }>('learning-group/insert', input, { silent: true });
export const updateLearningGroup = (input: LearningGroupUpdate) => api<unknown>('learning-group/update', input, { silent: true });
export const deleteLearningGroups = (input: { ids: number[] }) => api<unknown>('learning-group/delete', input);
export const freezeLearningGroups = (input: { ids: number[] }) => api<unknown>('learning-group/freeze', input);
export const unfreezeLearningGroups = (input: { ids: number[] }) => api<unknown>('learning-group/unfreeze', input);
export const addLearningGroupMembers = (input: LearningGroupMembers) => api<{ added: number }>('learning-group/add-members', input);
export const removeLearningGroupMembers = (input: LearningGroupMembers) => api<{ removed: number }>('learning-group/remove-members', input);

/** One group in the caller's scope (POST /api/learning-group/get). */
export const getLearningGroup = (id: number) => api<LearningGroupRow>('learning-group/get', { id });
