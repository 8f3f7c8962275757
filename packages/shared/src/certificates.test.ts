import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_NUMBER_ALPHABET,
  CERTIFICATE_NUMBER_PATTERN,
  CertificateVerifySchema,
  certificateCheckChar,
  certificateNumberCheck,
  certificateStatus,
  formatCertificateNumber,
  maskHolderName,
} from './certificates.js';

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

  it('writes numbers without ambiguous characters, ending in a check character', () => {
    expect(CERTIFICATE_NUMBER_ALPHABET).toHaveLength(32);
    for (const c of '01OI') expect(CERTIFICATE_NUMBER_ALPHABET).not.toContain(c);
    const n = formatCertificateNumber(2026, '7KQ4MX9TR2H');
    expect(n).toBe(`HL-2026-7KQ4-MX9T-R2H${certificateCheckChar('7KQ4MX9TR2H')}`);
    expect(n).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(certificateNumberCheck(n)).toBe('valid');
  });

  it('detects every single mistyped character and every swap of neighbours', () => {
    const random = 'ABCDEFGH234';
    const n = formatCertificateNumber(2026, random);
    const body = n.slice(8).replaceAll('-', '');
    let typos = 0;
    for (let i = 0; i < body.length; i++) {
      for (const c of CERTIFICATE_NUMBER_ALPHABET + '01OI') {
        if (c === body[i]) continue;
        const changed = body.slice(0, i) + c + body.slice(i + 1);
        const typed = `HL-2026-${changed.slice(0, 4)}-${changed.slice(4, 8)}-${changed.slice(8)}`;
        expect(certificateNumberCheck(typed), typed).toBe('typo');
        typos++;
      }
      if (i + 1 < body.length && body[i] !== body[i + 1]) {
        const swapped = body.slice(0, i) + body[i + 1] + body[i] + body.slice(i + 2);
        expect(certificateNumberCheck(`HL-2026-${swapped.slice(0, 4)}-${swapped.slice(4, 8)}-${swapped.slice(8)}`)).toBe('typo');
      }
    }
    expect(typos).toBe(12 * 35);
  });

  it('accepts numbers in any case with spaces, older serial numbers, and refuses anything else', () => {
    const n = formatCertificateNumber(2026, 'ABCDEFGH234');
    expect(CertificateVerifySchema.parse({ number: ` ${n.toLowerCase().replace('-', ' - ')} ` }).number).toBe(n);
    expect(CertificateVerifySchema.parse({ number: ' hl-2026-000123 ' }).number).toBe('HL-2026-000123');
    const typo = n.slice(0, -1) + (n.endsWith('2') ? '3' : '2');
    for (const bad of ['HL-26-000123', 'HL-2026-123', "HL-2026-000123' or 1=1", '', typo]) expect(CertificateVerifySchema.safeParse({ number: bad }).success, bad).toBe(false);
    expect(certificateNumberCheck('HL-2026-ABCD')).toBe('invalid');
  });
});
