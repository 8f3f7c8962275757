import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestApp, encrypt, login, call, postLogin, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { BUILTIN_ROLE_KEYS, findBuiltinRoleId } from '../roles/index.js';
import { userRoles } from '../users/index.js';
import { users } from '../users/index.js';
import { smsOutbox } from '../../platform/sms.schema.js';

const t = useTestApp();
let admin: Session;
let ip = 0;
beforeAll(async () => {
  admin = await login(t.app);
});

async function register(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha', remoteAddress: `10.7.0.${(ip % 250) + 1}` });
  const { captchaKey } = res.json().data;
  const captcha = (await t.kv.get(`captcha:${captchaKey}`))!;
  const payload = { realname: '李四', captchaKey, captcha, ...body, password: await encrypt(t.app, 'Regist3r!') };
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: `10.8.0.${(ip++ % 250) + 1}` });
}
let seq = 0;
const person = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return { username: `emp-${seq}`, email: `emp-${seq}@example.com`, ...extra };
};

describe('registering an employee', () => {
  it('asks for the employee number', async () => {
    const res = await register(person({ kind: 'employee' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'cardNumber' });
    expect((await register(person({ kind: 'employee', cardNumber: 'E1' }))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'cardNumber' });
  });

  it('creates, on approval, an employee account with the number and the employee role (not the student role)', async () => {
    const p = person({ kind: 'employee', cardNumber: 'E-20001' });
    const { id } = (await register(p)).json().data;
    const listed = (await call(t.app, admin, '/api/registration/get', { id })).json().data;
    expect(listed).toMatchObject({ kind: 'employee', cardNumber: 'E-20001' });
    const approved = await call(t.app, admin, '/api/registration/approve', { ids: [id] });
    expect(approved.statusCode, approved.body).toBe(200);
    const [account] = await t.db.select().from(users).where(eq(users.username, p.username));
    expect(account).toMatchObject({ kind: 'employee', cardNumber: 'E-20001' });
    const held = (await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, account!.id))).map((r) => r.id);
    expect(held).toEqual([await findBuiltinRoleId(t.db, BUILTIN_ROLE_KEYS.employee)]);
    expect((await postLogin(t.app, p.username, 'Regist3r!', { entry: 'student' })).statusCode).toBe(200);
  });

  it('still gives a registered student the student role', async () => {
    const p = person({ kind: 'student' });
    const { id } = (await register(p)).json().data;
    await call(t.app, admin, '/api/registration/approve', { ids: [id] });
    const [account] = await t.db.select().from(users).where(eq(users.username, p.username));
    const held = (await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, account!.id))).map((r) => r.id);
    expect(held).toEqual([await findBuiltinRoleId(t.db, BUILTIN_ROLE_KEYS.student)]);
  });

  it('refuses an employee number an account or a pending registration already has', async () => {
    const holder = await buildUser(t.db);
    await t.db.update(users).set({ cardNumber: 'E-TAKEN' }).where(eq(users.id, holder.id));
    expect((await register(person({ kind: 'employee', cardNumber: 'E-TAKEN' }))).json()).toMatchObject({ msg: 'DUPLICATE_CARD_NUMBER', field: 'cardNumber' });
    expect((await register(person({ kind: 'employee', cardNumber: 'E-PEND' }))).statusCode).toBe(200);
    expect((await register(person({ kind: 'employee', cardNumber: 'E-PEND' }))).json()).toMatchObject({
      msg: 'REGISTRATION_SUBMIT_ERROR',
      field: 'cardNumber',
      data: { reason: 'pending' },
    });
  });
});

describe('the phone code of registration', () => {
  it('checks a code sent along, and refuses a code to a phone an account already has', async () => {
    const phone = '13700000001';
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/phone-code', payload: { phone, purpose: 'register' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
    expect(row).toMatchObject({ purpose: 'register', status: 'logged' });
    const wrong = await register(person({ phone, phoneCode: row!.code === '000000' ? '111111' : '000000' }));
    expect(wrong.json()).toMatchObject({ msg: 'VERIFY_CODE_ERROR', field: 'phoneCode' });
    expect((await register(person({ phone, phoneCode: row!.code }))).statusCode).toBe(200);

    const holder = await buildUser(t.db);
    await t.db.update(users).set({ phone: '13700000002' }).where(eq(users.id, holder.id));
    const taken = await t.app.inject({ method: 'POST', url: '/api/auth/phone-code', payload: { phone: '13700000002', purpose: 'register' } });
    expect(taken.json()).toMatchObject({ msg: 'DUPLICATE_PHONE', field: 'phone' });
  });
});
