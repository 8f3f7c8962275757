import { z } from 'zod';
import { defineRoute } from './contract.js';
import {
  ResetChannelsSchema,
  ResetCheckResultSchema,
  ResetCheckSchema,
  ResetConfirmSchema,
  ResetSendResultSchema,
  ResetSendSchema,
  ResetVerifyResultSchema,
  ResetVerifySchema,
} from './password-reset.js';

/** Forgotten password: a code or link by mail, then a new password. */
export const passwordResetRoutes = {
  channels: defineRoute({ method: 'GET', path: '/api/auth/reset/channels', permission: 'public', response: ResetChannelsSchema }),
  check: defineRoute({ method: 'POST', path: '/api/auth/reset/check', permission: 'public', body: ResetCheckSchema, response: ResetCheckResultSchema }),
  send: defineRoute({
    method: 'POST',
    path: '/api/auth/reset/send',
    permission: 'public',
    operation: 'password-reset.send',
    body: ResetSendSchema,
    response: ResetSendResultSchema,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/api/auth/reset/verify',
    permission: 'public',
    operation: 'password-reset.verify',
    body: ResetVerifySchema,
    response: ResetVerifyResultSchema,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/auth/reset/confirm',
    permission: 'public',
    operation: 'password-reset.confirm',
    body: ResetConfirmSchema,
    response: z.null(),
  }),
};
