// Public surface of the approvals module: other modules import only from here.
export { registerApprovalType, type ApprovalType, type ApprovalStateEvent } from './approvals.registry.js';
export { submitApproval, type SubmitApproval } from './approvals.engine.js';
export { approvalInstances } from './approvals.schema.js';
export { approvableRecords, APPROVAL_COMMANDS, type ApprovableRecordsSpec } from './approvals.records.js';
