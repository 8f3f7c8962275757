import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../test/harness.js';
import { aliyunSignature, createPhoneCodes, createSmsSender, loadSmsConfig } from './sms.js';
import { smsOutbox } from './sms.schema.js';

const t = useTestApp();
const SECRET = 'test-secret';

/** A stand-in for dysmsapi.aliyuncs.com: checks the signature as Aliyun does, answers like it. */
let fake: http.Server;
let endpoint: string;
const received: Record<string, string>[] = [];
let answer: { status: number; body: object } = { status: 200, body: { Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' } };
beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(raw));
      received.push(params);
      const { Signature, ...signed } = params;
      const good = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') && Signature === aliyunSignature('POST', signed, SECRET);
      const out = good ? answer : { status: 400, body: { Code: 'SignatureDoesNotMatch', Message: 'bad signature' } };
      res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});

const log = { info: () => undefined };
const aliyunEnv = (extra: Record<string, string> = {}) => ({
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'AK1',
  SMS_ACCESS_KEY_SECRET: SECRET,
  SMS_SIGN_NAME: '翰林',
  SMS_TEMPLATE_CODE: 'SMS_1',
  SMS_ENDPOINT: endpoint,
  ...extra,
});
const outboxRow = async (id: number) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;

describe('SMS sender', () => {
  it('without a provider writes the code to the server log and the outbox, and says texts do not reach phones', async () => {
    const lines: unknown[] = [];
    const sender = createSmsSender({ db: t.db, log: { info: (o: unknown) => lines.push(o) }, config: { sms: loadSmsConfig({}) } });
    expect(sender.delivers).toBe(false);
    const r = await sender.send({ phone: '13800000001', purpose: 'register', code: '123456' });
    expect(r.ok).toBe(true);
    expect(lines).toEqual([expect.objectContaining({ phone: '13800000001', code: '123456' })]);
    expect(await outboxRow(r.outboxId)).toMatchObject({ provider: 'log', status: 'logged', code: '123456', purpose: 'register' });
  });

  it('sends through Aliyun SMS with a valid signature, the template and the code, and keeps no code in the outbox', async () => {
    const sender = createSmsSender({ db: t.db, log, config: { sms: loadSmsConfig(aliyunEnv()) } });
    expect(sender.delivers).toBe(true);
    const r = await sender.send({ phone: '13800000002', purpose: 'reset', code: '654321', userId: 1 });
    expect(r.ok).toBe(true);
    expect(received.at(-1)).toMatchObject({
      Action: 'SendSms',
      AccessKeyId: 'AK1',
      PhoneNumbers: '13800000002',
      SignName: '翰林',
      TemplateCode: 'SMS_1',
      TemplateParam: JSON.stringify({ code: '654321' }),
      SignatureMethod: 'HMAC-SHA1',
    });
    expect(await outboxRow(r.outboxId)).toMatchObject({ provider: 'aliyun', status: 'sent', code: null, userId: 1 });
  });

  it('records a refused send (wrong secret) as failed with the provider’s reason', async () => {
    const sender = createSmsSender({ db: t.db, log, config: { sms: loadSmsConfig(aliyunEnv({ SMS_ACCESS_KEY_SECRET: 'wrong' })) } });
    const r = await sender.send({ phone: '13800000003', purpose: 'login', code: '111111' });
    expect(r.ok).toBe(false);
    expect(await outboxRow(r.outboxId)).toMatchObject({ status: 'failed', error: expect.stringContaining('SignatureDoesNotMatch') });
  });

  it('records a provider that cannot be reached as failed', async () => {
    const sender = createSmsSender({ db: t.db, log, config: { sms: loadSmsConfig(aliyunEnv({ SMS_ENDPOINT: 'http://127.0.0.1:9/' })) } });
    const r = await sender.send({ phone: '13800000004', purpose: 'login', code: '111111' });
    expect(r.ok).toBe(false);
    expect((await outboxRow(r.outboxId)).status).toBe('failed');
  });

  it('refuses to start with an incomplete provider configuration', () => {
    expect(() => loadSmsConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_ACCESS_KEY_ID/);
    expect(() => loadSmsConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
  });

  it('phone codes: a refused text answers SEND_SMS_FAILED and leaves no usable code', async () => {
    answer = { status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' } };
    try {
      const codes = createPhoneCodes({ kv: t.kv, sender: createSmsSender({ db: t.db, log, config: { sms: loadSmsConfig(aliyunEnv()) } }) });
      await expect(codes.issue('13800000005', 'register')).rejects.toMatchObject({ errorName: 'SEND_SMS_FAILED' });
      await expect(codes.verify('13800000005', 'register', '000000')).rejects.toMatchObject({ errorName: 'VERIFY_CODE_ERROR' });
    } finally {
      answer = { status: 200, body: { Code: 'OK', Message: 'OK' } };
    }
  });
});
