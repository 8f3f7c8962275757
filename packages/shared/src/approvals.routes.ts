import { z } from 'zod';
import { IdBodySchema, pageSchema } from './api.js';
import { NewIdSchema, batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  ApprovalCandidateQuerySchema,
  ApprovalCandidatesSchema,
  ApprovalDecideSchema,
  ApprovalFlowDetailSchema,
  ApprovalFlowInsertSchema,
  ApprovalFlowListQuerySchema,
  ApprovalFlowRowSchema,
  ApprovalFlowUpdateSchema,
  ApprovalHistoryQuerySchema,
  ApprovalHistorySchema,
  ApprovalListQuerySchema,
  ApprovalReassignSchema,
  ApprovalRowSchema,
  ApprovalSubmitSchema,
  ApprovalTypesSchema,
  ApprovalWithdrawSchema,
} from './approvals.js';

/** Flow definitions (splgl, `manage-approval-flow`). */
export const approvalFlowRoutes = {
  ...listGetRoutes('/api/approval-flow', ['splgl'], { query: ApprovalFlowListQuerySchema, row: ApprovalFlowRowSchema, detail: ApprovalFlowDetailSchema }),
  candidates: defineRoute({
    method: 'POST',
    path: '/api/approval-flow/candidates',
    permission: ['splgl'],
    body: ApprovalCandidateQuerySchema,
    response: ApprovalCandidatesSchema,
  }),
  types: defineRoute({ method: 'POST', path: '/api/approval-flow/types', permission: ['splgl'], response: ApprovalTypesSchema }),
  insert: writeRoute('/api/approval-flow/insert', ['splgl:add'], 'approvalFlow.insert', { body: ApprovalFlowInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/approval-flow/update', ['splgl:modify'], 'approvalFlow.update', { body: ApprovalFlowUpdateSchema, response: z.null() }),
  delete: batchRoute('/api/approval-flow/delete', ['splgl:delete'], 'approvalFlow.delete'),
};

/**
 * Approvals: anyone signed in decides the tasks that name them (back office to-do list and the
 * student center's "my approvals"), submits what the business type's module lets them, withdraws
 * their own; an administrator (splgl:modify) reassigns a task a frozen account holds.
 */
export const approvalRoutes = {
  todo: defineRoute({ method: 'POST', path: '/api/approval/todo', permission: 'authenticated', body: ApprovalListQuerySchema, response: pageSchema(ApprovalRowSchema) }),
  submitted: defineRoute({
    method: 'POST',
    path: '/api/approval/submitted',
    permission: 'authenticated',
    body: ApprovalListQuerySchema,
    response: pageSchema(ApprovalRowSchema),
  }),
  get: defineRoute({ method: 'POST', path: '/api/approval/get', permission: 'authenticated', body: IdBodySchema, response: ApprovalRowSchema }),
  history: defineRoute({ method: 'POST', path: '/api/approval/history', permission: 'authenticated', body: ApprovalHistoryQuerySchema, response: ApprovalHistorySchema }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/approval/submit',
    permission: 'authenticated',
    operation: 'approval.submit',
    body: ApprovalSubmitSchema,
    response: ApprovalRowSchema,
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/api/approval/decide',
    permission: 'authenticated',
    operation: 'approval.decide',
    body: ApprovalDecideSchema,
    response: ApprovalRowSchema,
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/api/approval/withdraw',
    permission: 'authenticated',
    operation: 'approval.withdraw',
    body: ApprovalWithdrawSchema,
    response: ApprovalRowSchema,
  }),
  reassign: writeRoute('/api/approval/reassign', ['splgl:modify'], 'approval.reassign', { body: ApprovalReassignSchema, response: ApprovalRowSchema }),
};
