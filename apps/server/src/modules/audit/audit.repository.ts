import type { DbOrTx } from '../../platform/db/client.js';
import { loginLogs, operationLogs } from './audit.schema.js';

export interface LoginLogEntry {
  userId: number | null;
  username: string;
  ip: string;
  userAgent?: string;
  /** `OK` or the error name that refused the login. */
  result: string;
}

export async function insertLoginLog(db: DbOrTx, e: LoginLogEntry) {
  await db.insert(loginLogs).values({ ...e, username: e.username.slice(0, 200), userAgent: e.userAgent?.slice(0, 500) });
}

export interface OperationLogEntry {
  userId: number | null;
  username: string | null;
  operation: string;
  method: string;
  path: string;
  status: number;
  resultCode: number | null;
  ip: string;
  requestId: string;
}

export async function insertOperationLog(db: DbOrTx, e: OperationLogEntry) {
  await db.insert(operationLogs).values(e);
}
