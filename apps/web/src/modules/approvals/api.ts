import {
  approvalFlowRoutes as flows,
  approvalRoutes as approvals,
  type ApprovalDecide,
  type ApprovalHistoryQuery,
  type ApprovalListQuery,
  type ApprovalCandidateQuery,
  type ApprovalFlowInsert,
  type ApprovalFlowListQuery,
  type ApprovalFlowUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type ApprovalFlowQuery = Partial<ApprovalFlowListQuery> & { page: number; size: number };

export const findApprovalFlows = (q: ApprovalFlowQuery) => call(flows.list, q);
export const getApprovalFlowById = (input: { id: number }) => call(flows.get, input);
export const insertApprovalFlow = (input: ApprovalFlowInsert) => call(flows.insert, input, { silent: true });
export const updateApprovalFlow = (input: ApprovalFlowUpdate) => call(flows.update, input, { silent: true });
export const deleteApprovalFlows = (input: { ids: number[] }) => call(flows.delete, input);
export const findApprovalTypes = () => call(flows.types);
export const findApprovalCandidates = (input: ApprovalCandidateQuery) => call(flows.candidates, input);

export type ApprovalQuery = Partial<ApprovalListQuery> & { page: number; size: number };
export const findMyTodo = (q: ApprovalQuery) => call(approvals.todo, q);
export const findMySubmitted = (q: ApprovalQuery) => call(approvals.submitted, q);
export const getApprovalHistory = (input: ApprovalHistoryQuery) => call(approvals.history, input);
export const decideApproval = (input: ApprovalDecide) => call(approvals.decide, input);
export const withdrawApproval = (input: { id: number; comment?: string }) => call(approvals.withdraw, input);
