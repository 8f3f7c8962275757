import type { SQL } from 'drizzle-orm';
import {
  MAILED_MESSAGE_TEMPLATES,
  MESSAGE_CONTENT_MAX,
  MESSAGE_TEMPLATES,
  isOneOf,
  keysOf,
  MESSAGE_TITLE_MAX,
  fillTemplate,
  type MessageConfig,
  type MessageKind,
  type MessageListQuery,
  type MessageRow,
  type MessageTemplate,
} from '@hanlin/shared';
import type { ListRuntime } from '../../platform/list.js';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import * as repo from './messages.repository.js';

/** Recipients: user ids, or a query selecting user ids (`activeUsersUnder`, a notice's audience). */
export type Recipients = number[] | SQL;

/** A message written by the caller (`kind` says what it is about: `exam`, `course`, …). */
interface TextMessage {
  to: Recipients;
  title: string;
  content: string;
  kind: string;
}
/** A platform message the reader sees in their language (MESSAGE_TEMPLATES). */
interface TemplateMessage<T extends MessageTemplate = MessageTemplate> {
  to: Recipients;
  template: T;
  params?: Record<string, string>;
  /** What it is about when that depends on the occasion (a certificate for a course, an exam or a class): the template's kind otherwise. */
  kind?: MessageKind;
}
export type SendMessage = TextMessage | TemplateMessage;

/**
 * Sends one in-site message to each recipient in one INSERT … SELECT (100,000 users are one
 * statement); other modules call it inside their transaction by passing it as `db`. Users who
 * muted the kind receive nothing. Over-long texts are cut to the column limits rather than refused.
 */
export async function sendMessage(db: DbOrTx, msg: SendMessage): Promise<{ count: number }> {
  if (Array.isArray(msg.to) && !msg.to.length) return { count: 0 };
  let row: repo.MessageInsert;
  if ('template' in msg) {
    const tpl = MESSAGE_TEMPLATES[msg.template];
    const params = msg.params ?? {};
    row = {
      title: fillTemplate(tpl.title, params),
      content: fillTemplate(tpl.content, params),
      kind: msg.kind ?? tpl.kind,
      template: msg.template,
      params,
      mailState: isOneOf(keysOf(MAILED_MESSAGE_TEMPLATES), msg.template) ? 'pending' : null,
    };
  } else {
    row = { title: msg.title, content: msg.content, kind: msg.kind, template: null, params: {} };
  }
  row.title = row.title.slice(0, MESSAGE_TITLE_MAX);
  row.content = row.content.slice(0, MESSAGE_CONTENT_MAX);
  row.kind = row.kind.slice(0, 50);
  return { count: await repo.insertMessagesFor(db, msg.to, row) };
}

export function createMessagesService({ db, lists }: { db: Db; lists: ListRuntime }) {
  /** Refuses ids that do not exist (NOT_FOUND_ERROR) or belong to someone else (NO_DATA_PERMISSION_ERROR). */
  async function assertOwn(userId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const owners = await repo.ownersOf(db, unique);
    if (owners.some((o) => o.userId !== userId)) throw new AppError('NO_DATA_PERMISSION_ERROR');
    if (owners.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
    return unique;
  }

  return {
    unreadCount: (userId: number) => repo.countUnread(db, userId),
    mine: (userId: number, q: MessageListQuery) => repo.findMyMessages(lists, userId, q),
    /** One message of the caller's, marked read as it is opened. */
    async get(userId: number, id: number): Promise<MessageRow> {
      const row = await repo.getMessage(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      if (row.userId !== userId) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      if (!row.readAt) await repo.markRead(db, userId, [id]);
      return repo.present((await repo.getMessage(db, id)) ?? row);
    },
    async read(userId: number, ids: number[]) {
      const own = await assertOwn(userId, ids);
      return { count: (await repo.markRead(db, userId, own)).length };
    },
    async readAll(userId: number) {
      return { count: (await repo.markRead(db, userId)).length };
    },
    async remove(userId: number, ids: number[]) {
      const own = await assertOwn(userId, ids);
      return { count: (await repo.deleteMessages(db, userId, own)).length };
    },
    async getConfig(userId: number): Promise<MessageConfig> {
      return { muted: await repo.getMuted(db, userId) };
    },
    async saveConfig(userId: number, config: MessageConfig): Promise<MessageConfig> {
      await repo.saveMuted(db, userId, [...new Set(config.muted)]);
      return { muted: await repo.getMuted(db, userId) };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
