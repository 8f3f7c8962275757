/** A server key pair for component tests of forms that send passwords RSA-encrypted (as the login key answers them). */
import crypto from 'node:crypto';

export function serverKeys() {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  /** The text a sent value was encrypted from. */
  const decrypt = (sent: unknown) =>
    crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(String(sent), 'base64')).toString('utf8');
  return { publicKey, decrypt };
}
