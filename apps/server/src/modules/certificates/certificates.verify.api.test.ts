import { beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_DEFAULT_LAYOUT, formatCertificateNumber } from '@hanlin/shared';
import { useTestApp, login, ok, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { issueCertificate } from './index.js';
import { VERIFY_RATE } from './certificates.routes.js';

// Its own app: the limits counted here (per address, per installation) would refuse the other files' checks.
const t = useTestApp();
let admin: Session;
let number: string;
beforeAll(async () => {
  admin = await login(t.app);
  const tpl = await ok<{ id: number }>(t.app, admin, '/api/certificate/template/insert', {
    name: 'Verify limits',
    authority: 'A',
    validityMonths: null,
    layout: CERTIFICATE_DEFAULT_LAYOUT,
  });
  const holder = await buildUser(t.db, { realname: 'Ver Ify' });
  number = (await issueCertificate(t.db, { templateId: tpl.id, userId: holder.id, source: { kind: 'course', id: 1, title: 'Limits' } })).number;
});

const verify = (n: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/certificate/verify', payload: { number: n }, remoteAddress: ip });

describe('public verification', () => {
  it('refuses a mistyped number before looking it up', async () => {
    const typo = number.slice(0, -1) + (number.endsWith('Z') ? 'Y' : 'Z');
    const res = await verify(typo, '10.0.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'number' });
    // The same number with a 0 for an O, or an I for a 1, is a typo too; the right one is found.
    expect((await verify(`${number.slice(0, 8)}0${number.slice(9)}`, '10.0.0.1')).json().msg).toBe('PARAMETER_INVALID');
    expect((await verify(`${number.slice(0, -1)}I`, '10.0.0.1')).json().msg).toBe('PARAMETER_INVALID');
    expect((await verify(number, '10.0.0.1')).json().data).toMatchObject({ number, holder: 'V*****y' });
    // A well-formed number nobody holds: not found.
    expect((await verify(formatCertificateNumber(2026, '22222222222'), '10.0.0.1')).statusCode).toBe(404);
  });

  it('limits checks per address, answering TOO_MANY_REQUESTS', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < VERIFY_RATE.max; i++) expect((await verify(number, ip)).statusCode, `check ${i + 1}`).toBe(200);
    const refused = await verify(number, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('TOO_MANY_REQUESTS');
    // Another address still checks.
    expect((await verify(number, '10.0.1.2')).statusCode).toBe(200);
  });

  it('caps checks across the installation, whatever the addresses', async () => {
    let refused = 0;
    let okCount = 0;
    // Each address stays under its own limit; together they pass the installation's.
    for (let i = 0; okCount + refused < VERIFY_RATE.installationMax + 5; i++) {
      const res = await verify(number, `10.1.${Math.floor(i / VERIFY_RATE.max)}.${i % VERIFY_RATE.max}`);
      if (res.statusCode === 429) {
        expect(res.json().msg).toBe('TOO_MANY_REQUESTS');
        refused++;
      } else okCount++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(okCount).toBeLessThanOrEqual(VERIFY_RATE.installationMax);
  });
});
