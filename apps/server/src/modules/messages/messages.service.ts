import type { ListRuntime } from '../../platform/list.js';
import { MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX, type MessageListQuery } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import * as repo from './messages.repository.js';

export interface SendMessage {
  userIds: number[];
  title: string;
  content: string;
  /** What the message is about, e.g. `notice`, `approval`, `exam`. */
  kind: string;
}

/**
 * Sends one in-site message to each user; other modules call it (inside their transaction if
 * they pass one). Over-long texts are cut to the column limits rather than refused.
 */
export async function sendMessage(db: DbOrTx, msg: SendMessage): Promise<{ count: number }> {
  const userIds = [...new Set(msg.userIds)];
  const title = msg.title.slice(0, MESSAGE_TITLE_MAX);
  const content = msg.content.slice(0, MESSAGE_CONTENT_MAX);
  const kind = msg.kind.slice(0, 50);
  const rows = await repo.insertMessages(
    db,
    userIds.map((userId) => ({ userId, title, content, kind })),
  );
  return { count: rows.length };
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
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
