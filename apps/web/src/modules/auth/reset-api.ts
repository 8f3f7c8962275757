import { passwordResetRoutes, type ResetSend } from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { encryptPassword } from './api';

/** Password reset (its own file: the login page does not download the reset routes). */
export function getResetChannels() {
  return call(passwordResetRoutes.channels, {}, { silent: true });
}

/** Step 1: the account exists, and the channels it can be verified by. */
export function checkReset(input: { username: string }) {
  return call(passwordResetRoutes.check, input);
}

export function sendReset(input: { username: string; method: ResetSend['method'] }) {
  return call(passwordResetRoutes.send, input);
}

export function verifyReset(input: { username: string; code: string }) {
  return call(passwordResetRoutes.verify, input);
}

/** Silent: the form puts a refusal on the field it names, or reports it. */
export async function confirmReset(input: { resetToken: string; password: string }) {
  return call(passwordResetRoutes.confirm, { resetToken: input.resetToken, password: await encryptPassword(input.password) }, { silent: true });
}
