import type { ListRuntime } from '../../platform/list.js';
import {
  NOTICE_DELETABLE_STATES,
  NOTICE_EDITABLE_STATES,
  NOTICE_LIFECYCLE,
  NOTICE_TIME_SKEW_MS,
  hasAnyPermission,
  type NoticeAbilities,
  type NoticeCheckTitle,
  type NoticeCommand,
  type NoticeCreate,
  type NoticeListQuery,
  type NoticeMyQuery,
  type NoticePublic,
  type NoticeRow,
  type NoticeStatus,
  type NoticeType,
  type Page,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { pathInScope, requireInScope } from '../../platform/scope.js';
import type { NoticeUpdate } from '@hanlin/shared';
import { claimFile, linkFile, type FileSigner } from '../uploads/index.js';
import * as repo from './notices.repository.js';
import { abilitiesOf, applyTransition } from '../../platform/lifecycle.js';
import { notices } from './notices.schema.js';

/** Which permission code each ability also needs, so the UI shows only what this caller may do. */
const ABILITY_CODES: Record<keyof NoticeAbilities, string> = {
  modify: 'gggl:modify',
  delete: 'gggl:delete',
  release: 'gggl:publish',
  unrelease: 'gggl:unpublish',
};

const abilitiesFor = (principal: Principal, status: NoticeStatus): NoticeAbilities => abilitiesOf(NOTICE_LIFECYCLE.abilities(status), principal.permissions, ABILITY_CODES);

function assertNotBeforeNow(iso: string) {
  if (new Date(iso).getTime() < Date.now() - NOTICE_TIME_SKEW_MS) throw new AppError('TIME_BEFORE_NOW', { field: 'displayTime' });
}

interface Deps {
  db: Db;
  signer: FileSigner;
  lists: ListRuntime;
}

export function createNoticesService({ db, signer, lists }: Deps) {
  /**
   * A cover that names an uploaded file must be the caller's own notice image; it is linked to
   * the notice once saved, so the notice's readers may read it too.
   */
  async function claimCover(tx: DbOrTx, principal: Principal, cover: string | null | undefined) {
    const file = await claimFile(tx, principal, cover, { purpose: 'notice', field: 'cover', missing: 'FILE_TYPE_ERROR' });
    if (file && !file.mime.startsWith('image/')) throw new AppError('FILE_TYPE_ERROR', { field: 'cover' });
    return file;
  }

  async function present(principal: Principal, r: repo.NoticeListRow): Promise<NoticeRow> {
    return {
      id: r.id,
      title: r.title,
      type: r.type as NoticeType,
      cover: r.cover,
      coverUrl: await signer.publicUrlForRef(r.cover),
      content: r.content,
      displayTime: r.displayTime.toISOString(),
      status: r.status as NoticeStatus,
      orgId: r.orgId,
      orgName: r.orgName,
      createdBy: r.createdBy,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      releasedAt: r.releasedAt?.toISOString() ?? null,
      abilities: abilitiesFor(principal, r.status as NoticeStatus),
    };
  }

  async function presentPublic(r: { id: number; title: string; type: string; cover: string | null; content: string; displayTime: Date }): Promise<NoticePublic> {
    return {
      id: r.id,
      title: r.title,
      type: r.type as NoticeType,
      coverUrl: await signer.publicUrlForRef(r.cover),
      content: r.content,
      displayTime: r.displayTime.toISOString(),
    };
  }

  /**
   * Locks the notices for a change inside the transaction; refuses unknown ids (NOT_FOUND_ERROR)
   * and notices outside the caller's organization subtrees (NO_DATA_PERMISSION_ERROR).
   */
  async function lockInScope(tx: DbOrTx, principal: Principal, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.lockNotices(tx, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
    for (const r of rows) requireInScope(principal, r.orgPath);
    return rows;
  }

  async function get(principal: Principal, id: number): Promise<NoticeRow> {
    const row = await repo.getNoticeRow(db, id);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(principal, row.orgPath);
    return present(principal, row);
  }

  async function transition(principal: Principal, ids: number[], command: NoticeCommand) {
    return db.transaction(async (tx) => {
      const rows = await lockInScope(tx, principal, ids);
      const { ids: changed } = await applyTransition(tx, {
        lifecycle: NOTICE_LIFECYCLE,
        command,
        rows,
        stateOf: (r) => r.status as NoticeStatus,
        table: notices,
        id: notices.id,
        state: notices.status,
        set: { updatedAt: new Date(), ...(command === 'release' ? { releasedAt: new Date() } : {}) },
      });
      return { count: changed.length };
    });
  }

  return {
    async list(principal: Principal, q: NoticeListQuery): Promise<Page<NoticeRow>> {
      const { rows, total } = await repo.findNotices(lists, principal, q);
      return { records: await Promise.all(rows.map((r) => present(principal, r))), total, page: q.page, size: q.size };
    },

    get,

    async checkTitle(q: NoticeCheckTitle) {
      return { available: !(await repo.titleTaken(db, q.title, q.id)) };
    },

    async insert(principal: Principal, input: NoticeCreate): Promise<NoticeRow> {
      assertNotBeforeNow(input.displayTime);
      const coverFile = await claimCover(db, principal, input.cover);
      if (await repo.titleTaken(db, input.title)) throw new AppError('DUPLICATE_NOTICE_TITLE', { field: 'title' });
      const id = await repo.insertNotice(db, {
        title: input.title,
        type: input.type,
        cover: input.cover || null,
        content: input.content,
        displayTime: new Date(input.displayTime),
        status: 'draft',
        orgId: await repo.orgForNewNotice(db, principal),
        createdBy: principal.userId,
      });
      if (coverFile) await linkFile(db, coverFile.id, id);
      return get(principal, id);
    },

    /** Only a draft or unreleased notice can change; the display time is checked when it changes. */
    async update(principal: Principal, input: NoticeUpdate): Promise<NoticeRow> {
      await db.transaction(async (tx) => {
        const [cur] = await lockInScope(tx, principal, [input.id]);
        if (!NOTICE_EDITABLE_STATES.includes(cur!.status as NoticeStatus)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
        if (input.displayTime !== undefined && new Date(input.displayTime).getTime() !== cur!.displayTime.getTime()) assertNotBeforeNow(input.displayTime);
        // An unchanged cover is not claimed again (another manager may edit the notice).
        const coverFile = input.cover !== undefined && (input.cover || null) !== cur!.cover ? await claimCover(tx, principal, input.cover) : null;
        if (coverFile) await linkFile(tx, coverFile.id, input.id);
        if (input.title !== undefined && input.title !== cur!.title && (await repo.titleTaken(tx, input.title, input.id))) {
          throw new AppError('DUPLICATE_NOTICE_TITLE', { field: 'title' });
        }
        const changed = await repo.updateNoticesWhereStatus(tx, [input.id], NOTICE_EDITABLE_STATES, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.cover !== undefined ? { cover: input.cover || null } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          ...(input.displayTime !== undefined ? { displayTime: new Date(input.displayTime) } : {}),
        });
        if (changed.length !== 1) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
      });
      return get(principal, input.id);
    },

    /** Soft delete (the title becomes free again); refused for released notices. All or nothing. */
    async remove(principal: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, principal, ids);
        if (rows.some((r) => !NOTICE_DELETABLE_STATES.includes(r.status as NoticeStatus))) throw new AppError('IN_USE_NOTICE', { field: 'ids' });
        const changed = await repo.updateNoticesWhereStatus(
          tx,
          rows.map((r) => r.id),
          NOTICE_DELETABLE_STATES,
          { deletedAt: new Date() },
        );
        if (changed.length !== rows.length) throw new AppError('IN_USE_NOTICE', { field: 'ids' });
        return { count: changed.length };
      });
    },

    release: (principal: Principal, ids: number[]) => transition(principal, ids, 'release'),
    unrelease: (principal: Principal, ids: number[]) => transition(principal, ids, 'unrelease'),

    async mine(q: NoticeMyQuery): Promise<Page<NoticePublic>> {
      const { rows, total } = await repo.findVisibleNotices(db, q);
      return { records: await Promise.all(rows.map(presentPublic)), total, page: q.page, size: q.size };
    },

    /** Who may read a notice's files: its managers within their scope, and everyone once it is shown. */
    async mayRead(principal: Principal, id: number): Promise<boolean> {
      if (hasAnyPermission(principal.permissions, ['gggl'])) {
        const row = await repo.getNoticeRow(db, id);
        if (row?.orgPath && pathInScope(principal, row.orgPath)) return true;
      }
      return (await repo.getVisibleNotice(db, id)) !== null;
    },

    async detail(id: number): Promise<NoticePublic> {
      const row = await repo.getVisibleNotice(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return presentPublic(row);
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
