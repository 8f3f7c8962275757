import { CONSTANTS, signInput } from '@hanlin/shared';

function toBase64(buf: ArrayBuffer | Uint8Array): string {
  let s = '';
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s);
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, '');
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * `crypto.subtle` exists only in secure contexts (https, localhost). Served over plain HTTP on
 * another host, the page loads a pure-JavaScript implementation instead, on first use.
 */
const subtle = (): SubtleCrypto | undefined => globalThis.crypto?.subtle;
const fallback = () => import('./crypto-fallback');

/** RSA-OAEP (SHA-256) encryption of a password with the server's SPKI PEM key, base64. */
export async function rsaEncrypt(publicKeyPem: string, text: string): Promise<string> {
  const s = subtle();
  if (!s) return toBase64((await fallback()).rsaOaepSha256Encrypt(pemToDer(publicKeyPem), text));
  const key = await s.importKey('spki', pemToDer(publicKeyPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await s.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
  return toBase64(cipher);
}

export async function sha256Hex(text: string): Promise<string> {
  const s = subtle();
  if (!s) return (await fallback()).sha256Hex(text);
  const digest = await s.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `X-Sign` value: hex SHA-256 of id + timestamp + signNumber + salt. */
export function signature(userId: number, timestamp: number, signNumber: string): Promise<string> {
  return sha256Hex(signInput(userId, timestamp, signNumber, CONSTANTS.SIGN_SALT_DEFAULT));
}
