/**
 * RSA-OAEP and SHA-256 in plain JavaScript (node-forge) for pages served over plain HTTP on a
 * host other than localhost: browsers offer `crypto.subtle` only in secure contexts. Loaded
 * only there (crypto.ts imports this file on demand), and only the parts of forge it needs.
 */
import forge from 'node-forge/lib/forge';
import 'node-forge/lib/rsa';
import 'node-forge/lib/sha256';

/** Same scheme as the server's `privateDecrypt` (rsa.ts): OAEP with SHA-256, MGF1 with SHA-256, empty label. */
export function rsaOaepSha256Encrypt(spkiDer: Uint8Array, text: string): Uint8Array {
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(toBinary(spkiDer))));
  const cipher = key.encrypt(forge.util.encodeUtf8(text), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return fromBinary(cipher);
}

export function sha256Hex(text: string): string {
  return forge.md.sha256.create().update(text, 'utf8').digest().toHex();
}

function toBinary(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

function fromBinary(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
