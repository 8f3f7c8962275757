import crypto from 'node:crypto';
import type { LicencePayload } from '@hanlin/shared';
import { signLicence } from '../platform/licence.js';

/** A vendor key pair of the tests: `useTestApp(LICENCE_ENV)` verifies licences signed with `testLicence`. */
const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
export const LICENCE_ENV = { LICENCE_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() };

/** A licence signed by the tests' vendor key (unlimited, never expiring, unless given). */
export const testLicence = (p: Partial<LicencePayload> = {}) =>
  signLicence({ serialNumber: 'HL-TEST-0001', customer: 'Test Co.', maxOnline: null, expiresAt: null, issuedAt: new Date().toISOString(), ...p }, PRIVATE_PEM);
