import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRow } from '@hanlin/shared';
import { useTestApp, login, ok, newUserSession, postLogin, refusal, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { testApprovalType } from '../../test/approvals.js';
import { sinkSettings, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { createMailer } from '../mail/index.js';
import { mailPendingMessages } from './messages.mail.js';

const t = useTestApp();
type Person = Session & { id: number };
let admin: Session;
let sink: SmtpSink;
let applicant: Person;
let approver: Person;
let cc: Person;
let noAddress: Person;

const tag = () => crypto.randomBytes(4).toString('hex');
const setEmail = (p: Person, email: string | null) => t.db.execute(sql`update users set email = ${email} where id = ${p.id}`);
const mailStates = async (title: string) =>
  (
    await t.db.execute<{ user_id: number; template: string; mail_state: string | null }>(
      sql`select user_id, template, mail_state from messages where params ->> 'title' = ${title} order by id`,
    )
  ).rows;

beforeAll(async () => {
  admin = await login(t.app);
  sink = await startSmtpSink();
  applicant = await newUserSession(t, { permissions: [], realname: 'Applicant' });
  approver = await newUserSession(t, { permissions: [], realname: 'Approver' });
  cc = await newUserSession(t, { permissions: [], realname: 'Copied' });
  noAddress = await newUserSession(t, { permissions: [], realname: 'No address' });
});
afterAll(async () => {
  await sink?.close();
});

/** A flow of one or-sign step (the approver and a person without an address), the CC person copied. */
async function submitted(people: { approverId?: number; ccId?: number } = {}) {
  const { name } = testApprovalType(t.app);
  await ok(t.app, admin, '/api/approval-flow/insert', {
    businessType: name,
    name: `Flow ${name}`,
    steps: [
      {
        mode: 'orSign',
        approvers: [
          { kind: 'user', userId: people.approverId ?? approver.id },
          { kind: 'user', userId: noAddress.id },
        ],
        ccUserIds: [people.ccId ?? cc.id],
      },
    ],
  });
  const row = await ok<ApprovalRow>(t.app, applicant, '/api/approval/submit', { businessType: name, businessId: Math.floor(Math.random() * 999), comment: 'please' });
  return row.title;
}

describe('approval mail', () => {
  it('each waiting approver and CC person gets a mail when mail is configured; the in-site message stays either way', async () => {
    const [a, c] = [`approver-${tag()}@example.com`, `cc-${tag()}@example.com`];
    await setEmail(approver, a);
    await setEmail(cc, c);
    await setEmail(noAddress, null);
    expect((await ok(t.app, admin, '/api/mail/settings/save', sinkSettings(sink.port))) as object).toBeTruthy();
    const title = await submitted();
    expect((await mailStates(title)).map((m) => m.mail_state)).toEqual(['pending', 'pending', 'pending']);

    await mailPendingMessages(t.db, createMailer({ db: t.db }));
    const toApprover = await sink.waitFor((m) => m.to.includes(a) && m.subject.includes(title));
    expect(toApprover.subject).toContain(`待审批：${title}`);
    expect(toApprover.text).toContain('Applicant');
    const toCc = await sink.waitFor((m) => m.to.includes(c) && m.subject.includes(title));
    expect(toCc.subject).toContain(`抄送：${title}`);
    const states = new Map((await mailStates(title)).map((m) => [m.user_id, m.mail_state]));
    expect([states.get(approver.id), states.get(cc.id), states.get(noAddress.id)]).toEqual(['sent', 'sent', 'skipped']);

    // A second run sends nothing again.
    const before = sink.messages.length;
    await mailPendingMessages(t.db, createMailer({ db: t.db }));
    expect(sink.messages.filter((m) => m.subject.includes(title))).toHaveLength(2);
    expect(sink.messages.length).toBeGreaterThanOrEqual(before);
  });

  it('each recipient reads the mail in the language they last used (switched to, or logged in with); one who never told reads Chinese above English', async () => {
    await ok(t.app, admin, '/api/mail/settings/save', sinkSettings(sink.port));
    // A Portuguese approver switched the interface; an English CC person logged in from an English page.
    const pt = await newUserSession(t, { permissions: [], realname: 'Aprovadora' });
    await ok(t.app, pt, '/api/user/language', { language: 'pt' });
    const enUser = await buildUser(t.db, { permissions: [], realname: 'Copied EN' });
    expect((await postLogin(t.app, enUser.username, enUser.password, {}, { 'accept-language': 'en-US,en;q=0.9' })).statusCode).toBe(200);
    const [a, c, n] = [`pt-${tag()}@example.com`, `en-${tag()}@example.com`, `none-${tag()}@example.com`];
    await t.db.execute(sql`update users set email = ${a} where id = ${pt.id}`);
    await t.db.execute(sql`update users set email = ${c} where id = ${enUser.id}`);
    await setEmail(noAddress, n);
    const title = await submitted({ approverId: pt.id, ccId: enUser.id });
    await mailPendingMessages(t.db, createMailer({ db: t.db }));

    const toPt = await sink.waitFor((m) => m.to.includes(a) && m.subject.includes(title));
    expect(toPt.subject).toBe(`Para aprovar: ${title}`);
    expect(toPt.text).toContain('aguarda a sua decisão');
    expect(toPt.text).not.toMatch(/[\u4e00-\u9fff]|waits for your decision/);
    const toEn = await sink.waitFor((m) => m.to.includes(c) && m.subject.includes(title));
    expect(toEn.subject).toBe(`For your information: ${title}`);
    expect(toEn.text).not.toMatch(/[\u4e00-\u9fff]/);
    const toNobody = await sink.waitFor((m) => m.to.includes(n) && m.subject.includes(title));
    expect(toNobody.subject).toBe(`待审批：${title} / To approve: ${title}`);

    // Switching back to Chinese is kept; a language that is not one of ours is refused, and nobody signed out sets one.
    await ok(t.app, pt, '/api/user/language', { language: 'zh-CN' });
    expect((await t.db.execute<{ language: string }>(sql`select language from users where id = ${pt.id}`)).rows[0]!.language).toBe('zh-CN');
    expect(await refusal(t.app, pt, '/api/user/language', { language: 'fr' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'language' });
    expect((await refusal(t.app, null, '/api/user/language', { language: 'pt' })).code).toBe('UNAUTHENTICATED');
  });

  it('without mail configured the mails are skipped, never retried into a later configuration', async () => {
    await setEmail(approver, `approver-${tag()}@example.com`);
    await ok(t.app, admin, '/api/mail/settings/save', sinkSettings(sink.port, { enabled: false }));
    const title = await submitted();
    await mailPendingMessages(t.db, createMailer({ db: t.db }));
    expect(new Set((await mailStates(title)).map((m) => m.mail_state))).toEqual(new Set(['skipped']));
    await ok(t.app, admin, '/api/mail/settings/save', sinkSettings(sink.port));
    await mailPendingMessages(t.db, createMailer({ db: t.db }));
    expect(sink.messages.filter((m) => m.subject.includes(title))).toHaveLength(0);
  });
});
