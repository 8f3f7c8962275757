import {
  hasAnyPermission,
  type FeedbackAdd,
  type FeedbackManageRow,
  type FeedbackExport,
  type FeedbackListQuery,
  type FeedbackMineQuery,
  type FeedbackRow,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { pathInScope, requireInScope } from '../../platform/scope.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import * as repo from './feedback.repository.js';

export const FEEDBACK_EXPORT_MAX_ROWS = 50_000;

const EXPORT_COLUMNS: XlsxColumn<FeedbackRow>[] = [
  { header: 'ID', width: 10, value: (r) => r.id },
  { header: '用户名', value: (r) => r.username },
  { header: '姓名', value: (r) => r.realname },
  { header: '反馈内容', width: 60, value: (r) => r.content },
  { header: '联系方式', value: (r) => r.contact },
  { header: '是否回复', width: 10, value: (r) => (r.replied ? '是' : '否') },
  { header: '回复数', width: 10, value: (r) => r.replyCount },
  { header: '提交时间', width: 26, value: (r) => r.createdAt },
];

export function createFeedbackService({ db, lists }: { db: Db; lists: ListRuntime }) {
  /** The author sees their own feedback; administrators (`yjfk`) see feedback inside their data scope. */
  async function readable(principal: Principal, id: number) {
    const found = await repo.getFeedback(db, id);
    if (!found) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    if (found.row.userId !== principal.userId) {
      if (!hasAnyPermission(principal.permissions, ['yjfk'])) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      requireInScope(principal, found.orgPath, { field: 'id' });
    }
    return found;
  }

  /** The rule of reply (code and scope), for the page to obey. */
  const abilities = (principal: Principal, orgPath: string | null) => ({
    reply: principal.permissions.has('yjfk:modify') && !!orgPath && pathInScope(principal, orgPath),
  });

  return {
    /** The list holds only feedback of authors inside the caller's scope: its reply ability is the code's. */
    async list(principal: Principal, q: FeedbackListQuery) {
      const page = await repo.findFeedback(lists, principal, q);
      const reply = principal.permissions.has('yjfk:modify');
      return { ...page, records: page.records.map((r): FeedbackManageRow => ({ ...r, abilities: { reply } })) };
    },
    mine: (principal: Principal, q: FeedbackMineQuery) => repo.findMyFeedback(db, principal.userId, q),

    async add(principal: Principal, input: FeedbackAdd) {
      const id = await repo.insertFeedback(db, { userId: principal.userId, content: input.content, contact: input.contact || null });
      return { id };
    },

    async getById(principal: Principal, id: number): Promise<FeedbackManageRow> {
      const found = await readable(principal, id);
      return { ...found.row, abilities: abilities(principal, found.orgPath) };
    },

    async replies(principal: Principal, id: number) {
      await readable(principal, id);
      return repo.findReplies(db, id);
    },

    async reply(principal: Principal, input: { id: number; content: string }) {
      const found = await repo.getFeedback(db, input.id);
      if (!found) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      requireInScope(principal, found.orgPath, { field: 'id' });
      const replyId = await db.transaction((tx) => repo.insertReply(tx, { feedbackId: input.id, userId: principal.userId, content: input.content }));
      return { id: replyId };
    },

    async exportExcel(principal: Principal, filters: FeedbackExport) {
      const rows = await repo.findFeedbackForExport(db, principal, filters, FEEDBACK_EXPORT_MAX_ROWS);
      return buildXlsx('意见反馈', EXPORT_COLUMNS, rows);
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
