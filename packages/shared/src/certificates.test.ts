import { describe, expect, it } from 'vitest';
import { CertificateVerifySchema, certificateStatus, maskHolderName } from './certificates.js';

describe('certificate rules', () => {
  it('masks holder names, keeping the first and last character', () => {
    expect(maskHolderName('张三丰')).toBe('张*丰');
    expect(maskHolderName('李四')).toBe('李*');
    expect(maskHolderName('Ana Souza')).toBe('A*******a');
    expect(maskHolderName('X')).toBe('*');
  });

  it('is valid until the expiry, never when revoked', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(certificateStatus({ expiresAt: null }, now)).toBe('valid');
    expect(certificateStatus({ expiresAt: '2026-06-01T00:00:01Z' }, now)).toBe('valid');
    expect(certificateStatus({ expiresAt: '2026-06-01T00:00:00Z' }, now)).toBe('expired');
    expect(certificateStatus({ expiresAt: null, revokedAt: '2026-01-01T00:00:00Z' }, now)).toBe('revoked');
  });

  it('accepts numbers in any case and refuses anything else', () => {
    expect(CertificateVerifySchema.parse({ number: ' hl-2026-000123 ' }).number).toBe('HL-2026-000123');
    for (const n of ['HL-26-000123', 'HL-2026-123', "HL-2026-000123' or 1=1", '']) expect(CertificateVerifySchema.safeParse({ number: n }).success).toBe(false);
  });
});
