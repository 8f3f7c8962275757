import crypto from 'node:crypto';
import { signInput } from '@hanlin/shared';

/** The headers of a signed call, as the web client sends them (token, timestamp, sign over both). */
export function signHeaders(userId: number, signNumber: string, token: string, salt = 'hanlin', ts = Date.now()) {
  const sign = crypto
    .createHash('sha256')
    .update(signInput(userId, ts, signNumber, salt))
    .digest('hex');
  return { authorization: `Bearer ${token}`, 'x-timestamp': String(ts), 'x-sign': sign };
}
