import type { MailLogListQuery, MailResendResult, MailSettingsSave } from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import type { Principal } from '../../platform/auth/principal.js';
import { getMailSettingsView, saveMailSettings } from './mail-settings.js';
import { deliver } from './mailer.js';
import * as repo from './mail.repository.js';

/** Mail settings and the mail log of the back office. */
export function createMailService({ db, lists }: { db: Db; lists: ListRuntime }) {
  return {
    getSettings: () => getMailSettingsView(db),
    saveSettings: (input: MailSettingsSave) => saveMailSettings(db, input),
    /** Rows with the rule of resend (failed mails only) and its code. */
    async listLogs(principal: Principal, q: MailLogListQuery) {
      const page = await repo.findMailLogs(lists, q);
      const mayResend = principal.permissions.has('yjrz:batch');
      return { ...page, records: page.records.map((r) => ({ ...r, abilities: { resend: mayResend && r.status === 'failed' } })) };
    },

    /**
     * Sends failed mails again with the current settings. Each row is locked while it is sent,
     * so two concurrent resends never deliver the same mail twice; sent rows are left alone.
     */
    async resend(ids: number[]): Promise<MailResendResult> {
      const result = { sent: 0, failed: 0 };
      for (const id of [...new Set(ids)]) {
        await db.transaction(async (tx) => {
          const row = await repo.lockFailedMailLog(tx, id);
          if (!row) return;
          const text = row.html !== null && row.body === row.html ? null : row.body;
          const outcome = await deliver(tx, { to: row.to_address, subject: row.subject, text, html: row.html });
          await repo.recordResend(tx, id, outcome);
          result[outcome.ok ? 'sent' : 'failed'] += 1;
        });
      }
      return result;
    },

    markRead: async (ids: number[]) => ({ updated: await repo.markMailLogsRead(db, ids) }),
  };
}
export type MailService = ReturnType<typeof createMailService>;
