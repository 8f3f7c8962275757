import crypto from 'node:crypto';
import { LicencePayloadSchema, type LicencePayload } from '@hanlin/shared';

/**
 * The vendor's Ed25519 public key, bundled with the platform: a licence verifies against it or is
 * refused (LICENSE_ERROR). `LICENCE_PUBLIC_KEY` (PEM) replaces it (a rotated vendor key, tests).
 */
export const BUNDLED_LICENCE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAlQEiUTxuk985sizKDPyw5Hh7a7Wk+lTZwRkQOvaOgZw=
-----END PUBLIC KEY-----
`;

/** Signs a licence (the vendor's side: `scripts/licence.ts`, and tests). */
export function signLicence(payload: LicencePayload, privateKeyPem: string): string {
  const body = Buffer.from(JSON.stringify(LicencePayloadSchema.parse(payload))).toString('base64url');
  const signature = crypto.sign(null, Buffer.from(body), privateKeyPem).toString('base64url');
  return `${body}.${signature}`;
}

/** What a signed licence grants, or null when it is malformed or its signature does not verify. */
export function verifyLicence(document: string, publicKeyPem: string): LicencePayload | null {
  const [body, signature, extra] = document.trim().split('.');
  if (!body || !signature || extra !== undefined) return null;
  try {
    if (!crypto.verify(null, Buffer.from(body), publicKeyPem, Buffer.from(signature, 'base64url'))) return null;
    const parsed = LicencePayloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
