// Public surface of the audit module: other modules import only from here.
export { insertLoginLog } from './audit.repository.js';
export { loginLogs, operationLogs } from './audit.schema.js';
