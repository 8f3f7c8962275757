/**
 * The vendor's licence tool (never shipped to customers with the private key):
 *   npx tsx apps/server/src/tools/licence.ts keygen <dir>          writes licence-private.pem and licence-public.pem
 *   npx tsx apps/server/src/tools/licence.ts sign <private.pem> '<json>'
 * where json is { serialNumber, customer, maxOnline (null: unlimited), expiresAt (ISO or null) }.
 * The public key goes into platform/licence.ts (or LICENCE_PUBLIC_KEY); the printed line is the licence.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { signLicence } from '../platform/licence.js';

const [command, a, b] = process.argv.slice(2);
if (command === 'keygen' && a) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  fs.writeFileSync(path.join(a, 'licence-private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  fs.writeFileSync(path.join(a, 'licence-public.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
} else if (command === 'sign' && a && b) {
  process.stdout.write(signLicence({ issuedAt: new Date().toISOString(), ...JSON.parse(b) }, fs.readFileSync(a, 'utf8')) + '\n');
} else {
  process.stderr.write('usage: licence.ts keygen <dir> | sign <private.pem> <json>\n');
  process.exitCode = 2;
}
