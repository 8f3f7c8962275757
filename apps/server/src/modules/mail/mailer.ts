import nodemailer from 'nodemailer';
import type { MailLogRow } from '@hanlin/shared';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { loadTransportSettings } from './mail-settings.js';
import { insertMailLog } from './mail.repository.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text?: string;
  /** Holds a code or link that grants access: kept for resending but never shown in the log. */
  secret?: boolean;
  html?: string;
  /** The user the mail concerns, kept in the log. */
  userId?: number | null;
}

export type DeliveryOutcome = { ok: true } | { ok: false; error: string };

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** One SMTP delivery with the current settings; never throws, reports the failure instead. */
export async function deliver(db: DbOrTx, mail: { to: string; subject: string; text?: string | null; html?: string | null }): Promise<DeliveryOutcome> {
  const loaded = await loadTransportSettings(db);
  if (!loaded.ok) return loaded;
  const { from, ...smtp } = loaded.settings;
  const transport = nodemailer.createTransport({ ...smtp, ...TIMEOUTS });
  try {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text ?? undefined, html: mail.html ?? undefined });
    return { ok: true };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, error: message.slice(0, 1000) };
  } finally {
    transport.close();
  }
}

/**
 * The platform's outgoing mail: sends through the SMTP server of the mail settings and writes a
 * mail_logs row either way; a failed delivery throws SEND_EMAIL_FAILED after it is logged.
 */
export function createMailer(ctx: Pick<AppContext, 'db'>) {
  return {
    /** Whether mail can go out at all (enabled and configured), for forms that offer it as a channel. */
    async ready(): Promise<boolean> {
      return (await loadTransportSettings(ctx.db)).ok;
    },

    async send(mail: OutgoingMail): Promise<MailLogRow> {
      const outcome = await deliver(ctx.db, mail);
      const row = await insertMailLog(ctx.db, {
        toAddress: mail.to,
        subject: mail.subject,
        body: mail.text ?? mail.html ?? '',
        html: mail.html ?? null,
        secret: mail.secret ?? false,
        status: outcome.ok ? 'sent' : 'failed',
        error: outcome.ok ? null : outcome.error,
        userId: mail.userId ?? null,
      });
      if (!outcome.ok) throw new AppError('SEND_EMAIL_FAILED', { data: { mailLogId: row.id } });
      return row;
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
