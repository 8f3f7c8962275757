import { CONSTANTS, signInput } from '@hanlin/shared';

function toBase64(buf: ArrayBuffer): string {
  let s = '';
  const bytes = new Uint8Array(buf);
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return btoa(s);
}

function pemToDer(pem: string): ArrayBuffer {
  const b64 = pem.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, '');
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out.buffer;
}

/** RSA-OAEP (SHA-256) encryption of a password with the server's SPKI PEM key, base64. */
export async function rsaEncrypt(publicKeyPem: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('spki', pemToDer(publicKeyPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
  return toBase64(cipher);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `X-Sign` value: hex SHA-256 of id + timestamp + signNumber + salt. */
export function signature(userId: number, timestamp: number, signNumber: string): Promise<string> {
  return sha256Hex(signInput(userId, timestamp, signNumber, CONSTANTS.SIGN_SALT_DEFAULT));
}
