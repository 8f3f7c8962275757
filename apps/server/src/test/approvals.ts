import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors.js';
import { registerApprovalType, type ApprovalStateEvent } from '../modules/approvals/index.js';

/**
 * A business type registered as a module would (the test stands in for the module): the caller
 * may submit records under 1000 (`Request <id>`), others are beyond their scope; `heard` is every
 * state the record followed.
 */
export function testApprovalType(app: FastifyInstance): { name: string; heard: ApprovalStateEvent[] } {
  const name = `test-${crypto.randomBytes(4).toString('hex')}`;
  const heard: ApprovalStateEvent[] = [];
  registerApprovalType(app, name, {
    onState: async (_tx, e) => void heard.push(e),
    prepare: async (_tx, _p, businessId) => {
      if (businessId >= 1000) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'businessId' });
      return { title: `Request ${businessId}` };
    },
  });
  return { name, heard };
}
