import { eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { MAIL_LOG_SORT_KEYS, parseSort, type MailLogListQuery, type MailLogRow, type MailLogStatus } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { mailLogs } from './mail.schema.js';
import { defineList, nullsLast, type ListRuntime } from '../../platform/list.js';
import { onlyRow } from '../../platform/db/rows.js';

const rowColumns = {
  id: mailLogs.id,
  toAddress: mailLogs.toAddress,
  subject: mailLogs.subject,
  body: sql<string>`case when ${mailLogs.secret} then '' else ${mailLogs.body} end`,
  status: mailLogs.status,
  error: mailLogs.error,
  read: mailLogs.read,
  attempts: mailLogs.attempts,
  userId: mailLogs.userId,
  createdAt: mailLogs.createdAt,
  sentAt: mailLogs.sentAt,
};
interface Selected {
  id: number;
  toAddress: string;
  subject: string;
  body: string;
  status: MailLogStatus;
  error: string | null;
  read: boolean;
  attempts: number;
  userId: number | null;
  createdAt: Date;
  sentAt: Date | null;
}

function present(r: Selected): MailLogRow {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  };
}

export async function insertMailLog(
  db: DbOrTx,
  row: { toAddress: string; subject: string; body: string; html: string | null; secret?: boolean; status: MailLogStatus; error: string | null; userId: number | null },
): Promise<MailLogRow> {
  const r = onlyRow(
    await db
      .insert(mailLogs)
      .values({ ...row, sentAt: row.status === 'sent' ? sql`now()` : null })
      .returning(rowColumns),
  );
  return present(r);
}

export const mailLogList = defineList({
  name: 'mail_log_list',
  table: mailLogs,
  tables: ['mail_logs'],
  filters: { status: (v) => eq(mailLogs.status, v), read: (v) => eq(mailLogs.read, v) },
  keyword: (pattern) => or(ilike(mailLogs.toAddress, pattern), ilike(mailLogs.subject, pattern)),
  // Mails not sent (yet) come last whichever way `sentAt` sorts.
  sort: { id: mailLogs.id, createdAt: mailLogs.createdAt, sentAt: { column: mailLogs.sentAt, order: nullsLast } },
  columns: rowColumns,
});

export async function findMailLogs(lists: ListRuntime, q: MailLogListQuery) {
  // Unknown keys fall back to the newest first, as before.
  const { key, desc: isDesc } = parseSort(q.sort, MAIL_LOG_SORT_KEYS, 'id');
  const page = await mailLogList.run(lists, null, { ...q, sort: `${isDesc ? '-' : ''}${key}` });
  return { ...page, records: page.records.map(present) };
}

/** Locks one failed log row for a resend; rows another resend holds are skipped. */
export async function lockFailedMailLog(tx: DbOrTx, id: number) {
  const { rows } = await tx.execute<{ id: number; to_address: string; subject: string; body: string; html: string | null }>(
    sql`select id, to_address, subject, body, html from mail_logs where id = ${id} and status = 'failed' for update skip locked`,
  );
  return rows[0];
}

export async function recordResend(tx: DbOrTx, id: number, outcome: { ok: true } | { ok: false; error: string }) {
  await tx
    .update(mailLogs)
    .set({
      attempts: sql`${mailLogs.attempts} + 1`,
      status: outcome.ok ? 'sent' : 'failed',
      error: outcome.ok ? null : outcome.error,
      sentAt: outcome.ok ? sql`now()` : null,
    })
    .where(eq(mailLogs.id, id));
}

export async function markMailLogsRead(db: DbOrTx, ids: number[]) {
  const rows = await db.update(mailLogs).set({ read: true }).where(inArray(mailLogs.id, ids)).returning({ id: mailLogs.id });
  return rows.length;
}
