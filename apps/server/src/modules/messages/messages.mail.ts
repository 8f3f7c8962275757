import { sql } from 'drizzle-orm';
import { MAILED_MESSAGE_TEMPLATES, fillTemplate, isOneOf, keysOf, type Lang, type MailedMessageTemplate, type MessageMailState } from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Mailer } from '../mail/index.js';

/** Messages mailed per run (each run takes the oldest first; the next run goes on). */
const BATCH = 100;
export const MESSAGE_MAIL_JOB = 'messages.mail';

/**
 * A mailed message's subject and text in the recipient's language: English is the message's own stored words, Chinese
 * and Portuguese the template's; a recipient who never told a language reads Chinese (the platform's default) above English.
 */
export function mailWords(
  template: MailedMessageTemplate,
  params: Record<string, string>,
  english: { title: string; content: string },
  language: Lang | null,
): { subject: string; text: string } {
  if (language === 'en-US') return { subject: english.title, text: english.content };
  const own = MAILED_MESSAGE_TEMPLATES[template][language ?? 'zh-CN'];
  const words = { subject: fillTemplate(own.title, params), text: fillTemplate(own.content, params) };
  return language ? words : { subject: `${words.subject} / ${english.title}`, text: `${words.text}\n\n${english.content}` };
}

/**
 * Sends the mails of messages waiting for one (`mail_state = 'pending'`), oldest first, in each recipient's
 * language (`mailWords`), to the recipient's address. Without mail
 * configured, or without an address, the message is marked skipped (the in-site message stays); a refused
 * delivery is marked failed (the mail log holds why). Rows are claimed with SKIP LOCKED, so nodes never mail twice.
 */
export async function mailPendingMessages(db: Db, mailer: Pick<Mailer, 'ready' | 'send'>): Promise<Record<MessageMailState, number>> {
  const counts: Record<MessageMailState, number> = { pending: 0, sent: 0, failed: 0, skipped: 0 };
  const ready = await mailer.ready();
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: number;
      user_id: number;
      email: string | null;
      language: Lang | null;
      title: string;
      content: string;
      template: string | null;
      params: Record<string, string>;
    }>(sql`
      select m.id, m.user_id, u.email, u.language, m.title, m.content, m.template, m.params
        from messages m join users u on u.id = m.user_id
       where m.mail_state = 'pending'
       order by m.id
       limit ${BATCH}
         for update of m skip locked`);
    for (const m of rows) {
      let state: MessageMailState = 'skipped';
      if (ready && m.email && isOneOf(keysOf(MAILED_MESSAGE_TEMPLATES), m.template)) {
        try {
          await mailer.send({ to: m.email, ...mailWords(m.template, m.params, m, m.language), userId: m.user_id });
          state = 'sent';
        } catch {
          state = 'failed';
        }
      }
      counts[state]++;
      await tx.execute(sql`update messages set mail_state = ${state} where id = ${m.id}`);
    }
  });
  return counts;
}
