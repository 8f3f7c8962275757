import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRow } from '@hanlin/shared';
import { useTestApp, login, ok, newUserSession, type Session } from '../../test/harness.js';
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
async function submitted() {
  const { name } = testApprovalType(t.app);
  await ok(t.app, admin, '/api/approval-flow/insert', {
    businessType: name,
    name: `Flow ${name}`,
    steps: [
      {
        mode: 'orSign',
        approvers: [
          { kind: 'user', userId: approver.id },
          { kind: 'user', userId: noAddress.id },
        ],
        ccUserIds: [cc.id],
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
