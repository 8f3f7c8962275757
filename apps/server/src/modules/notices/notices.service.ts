import { sql } from 'drizzle-orm';
import type { ListRuntime } from '../../platform/list.js';
import {
  NOTICE_DELETABLE_STATES,
  NOTICE_EDITABLE_STATES,
  NOTICE_LIFECYCLE,
  NOTICE_TIME_SKEW_MS,
  NOTICE_AUDIENCE,
  CONSTANTS,
  hasAnyPermission,
  type NoticeDetail,
  type NoticeSort,
  type NoticeAbilities,
  noticeAbilities,
  type NoticeCheckTitle,
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
import { homeOrgInScope, pathInScope, requireInScope, scopedLock } from '../../platform/scope.js';
import type { NoticeUpdate } from '@hanlin/shared';
import { claimFile, linkFile, type FileSigner } from '../uploads/index.js';
import * as repo from './notices.repository.js';
import { sendMessage } from '../messages/index.js';
import { abilitiesOf, lockEditable, transitionCommand } from '../../platform/lifecycle.js';
import { notices } from './notices.schema.js';
import { audienceUserIds, clearAudience, getAudience, setAudience } from '../audiences/index.js';
import { mapRichTextImages, richTextImageSources, richTextPlain, sanitizeRichText } from '../../platform/rich-text.js';

/** Which permission code each ability also needs, so the UI shows only what this caller may do. */
const ABILITY_CODES: Record<keyof NoticeAbilities, string> = {
  modify: 'gggl:modify',
  delete: 'gggl:delete',
  release: 'gggl:publish',
  unrelease: 'gggl:unpublish',
  freeze: 'gggl:freeze',
  unfreeze: 'gggl:freeze',
  pin: 'gggl:modify',
  unpin: 'gggl:modify',
  sort: 'gggl:modify',
};

const abilitiesFor = (principal: Principal, status: NoticeStatus, pinned: boolean): NoticeAbilities =>
  abilitiesOf(noticeAbilities(status, pinned), principal.permissions, ABILITY_CODES);

const audienceOf = (id: number) => ({ type: NOTICE_AUDIENCE, id });

/** An uploaded file's signed link (`/api/upload/public/<uuid>?exp…`) or reference, as the stored reference. */
const UPLOAD_REF = /^\/api\/upload\/(?:file|public)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#].*)?$/;
const storedImageRef = (src: string) => src.replace(UPLOAD_REF, '/api/upload/file/$1');

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

  /**
   * Sanitized content with images stored as file references. Its text must not be empty (unless
   * it shows an image) nor longer than the spec's limit. Images newly added must be the caller's
   * own notice uploads (as the cover); they are linked to the notice once saved.
   */
  async function prepareContent(tx: DbOrTx, principal: Principal, html: string, previous = '') {
    const clean = await mapRichTextImages(sanitizeRichText(html), storedImageRef);
    const text = richTextPlain(clean);
    const images = richTextImageSources(clean);
    if (!text && !images.length) throw new AppError('PARAMETER_INVALID', { field: 'content' });
    if (text.length > CONSTANTS.NOTICE_BODY_MAX) throw new AppError('PARAMETER_INVALID', { field: 'content', data: { max: CONSTANTS.NOTICE_BODY_MAX } });
    const before = new Set(richTextImageSources(previous));
    const files = [];
    for (const src of new Set(images)) {
      if (before.has(src) || !src.startsWith('/api/upload/')) continue;
      const file = await claimFile(tx, principal, src, { purpose: 'notice', field: 'content', missing: 'FILE_TYPE_ERROR' });
      if (file && !file.mime.startsWith('image/')) throw new AppError('FILE_TYPE_ERROR', { field: 'content' });
      if (file) files.push(file);
    }
    return { html: clean, files };
  }

  /** Stored content with its uploaded images as freshly signed links an <img> can load. */
  const contentOut = (html: string) => mapRichTextImages(html, (src) => (src.startsWith('/api/upload/') ? signer.publicUrlForRef(src) : src));

  async function present(principal: Principal, r: repo.NoticeListRow): Promise<NoticeRow> {
    return {
      id: r.id,
      title: r.title,
      type: r.type,
      cover: r.cover,
      coverUrl: await signer.publicUrlForRef(r.cover),
      content: await contentOut(r.content),
      displayTime: r.displayTime.toISOString(),
      status: r.status,
      orgId: r.orgId,
      orgName: r.orgName,
      createdBy: r.createdBy,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      releasedAt: r.releasedAt?.toISOString() ?? null,
      sort: r.sort,
      pinned: r.pinned,
      abilities: abilitiesFor(principal, r.status, r.pinned),
    };
  }

  async function presentPublic(r: {
    id: number;
    title: string;
    type: NoticeType;
    cover: string | null;
    content: string;
    displayTime: Date;
    pinned: boolean;
  }): Promise<NoticePublic> {
    return {
      id: r.id,
      title: r.title,
      type: r.type,
      coverUrl: await signer.publicUrlForRef(r.cover),
      content: await contentOut(r.content),
      displayTime: r.displayTime.toISOString(),
      pinned: r.pinned,
    };
  }

  /**
   * Locks the notices for a change inside the transaction; refuses unknown ids (NOT_FOUND_ERROR)
   * and notices outside the caller's organization subtrees (NO_DATA_PERMISSION_ERROR).
   */
  const lockInScope = scopedLock(repo.lockNotices);

  async function get(principal: Principal, id: number): Promise<NoticeDetail> {
    const row = await repo.getNoticeRow(db, id);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(principal, row.orgPath);
    return { ...(await present(principal, row)), audience: await getAudience(db, audienceOf(id)) };
  }

  /** Pinning and the sort number: any state, within the caller's scope. */
  async function setFields(principal: Principal, ids: number[], set: { pinned?: boolean; sort?: number }) {
    return db.transaction(async (tx) => {
      const rows = await lockInScope(tx, principal, ids);
      const changed = await repo.setNoticeFields(
        tx,
        rows.map((r) => r.id),
        set,
      );
      return { count: changed.length };
    });
  }

  /** Releasing stamps `releasedAt` and tells the notice's audience (its active members). */
  const transition = transitionCommand({
    db,
    lifecycle: NOTICE_LIFECYCLE,
    table: notices,
    state: 'status',
    lock: lockInScope,
    on: {
      release: {
        set: (now) => ({ releasedAt: now }),
        async after(tx, rows) {
          for (const r of rows)
            await sendMessage(tx, {
              to: sql`select a.user_id from (${audienceUserIds(audienceOf(r.id))}) a join users u on u.id = a.user_id where u.status = 'normal'`,
              template: 'noticeReleased',
              params: { title: r.title },
            });
        },
      },
    },
  });

  return {
    async list(principal: Principal, q: NoticeListQuery): Promise<Page<NoticeRow>> {
      const { rows, total } = await repo.findNotices(lists, principal, q);
      return { records: await Promise.all(rows.map((r) => present(principal, r))), total, page: q.page, size: q.size };
    },

    get,

    async checkTitle(q: NoticeCheckTitle) {
      return { available: !(await repo.titleTaken(db, q.title, q.id)) };
    },

    /** A notice without a display time shows from the moment it is saved, on this server's clock. */
    async insert(principal: Principal, input: NoticeCreate): Promise<NoticeDetail> {
      if (input.displayTime !== undefined) assertNotBeforeNow(input.displayTime);
      const id = await db.transaction(async (tx) => {
        const coverFile = await claimCover(tx, principal, input.cover);
        const content = await prepareContent(tx, principal, input.content);
        if (await repo.titleTaken(tx, input.title)) throw new AppError('DUPLICATE_NOTICE_TITLE', { field: 'title' });
        const newId = await repo.insertNotice(tx, {
          title: input.title,
          type: input.type,
          cover: input.cover || null,
          content: content.html,
          displayTime: input.displayTime !== undefined ? new Date(input.displayTime) : new Date(),
          sort: input.sort ?? 0,
          status: 'draft',
          orgId: await homeOrgInScope(tx, principal),
          createdBy: principal.userId,
        });
        for (const f of [...(coverFile ? [coverFile] : []), ...content.files]) await linkFile(tx, f.id, newId);
        await setAudience(tx, principal, audienceOf(newId), input.audience ?? []);
        return newId;
      });
      return get(principal, id);
    },

    /** Only a draft or unreleased notice can change; the display time is checked when it changes. */
    async update(principal: Principal, input: NoticeUpdate): Promise<NoticeDetail> {
      await db.transaction(async (tx) => {
        const cur = await lockEditable(tx, principal, input.id, lockInScope, NOTICE_LIFECYCLE);
        if (input.displayTime !== undefined && new Date(input.displayTime).getTime() !== cur.displayTime.getTime()) assertNotBeforeNow(input.displayTime);
        // An unchanged cover is not claimed again (another manager may edit the notice).
        const coverFile = input.cover !== undefined && (input.cover || null) !== cur.cover ? await claimCover(tx, principal, input.cover) : null;
        if (coverFile) await linkFile(tx, coverFile.id, input.id);
        const content = input.content !== undefined ? await prepareContent(tx, principal, input.content, cur.content) : null;
        for (const f of content?.files ?? []) await linkFile(tx, f.id, input.id);
        if (input.audience !== undefined) await setAudience(tx, principal, audienceOf(input.id), input.audience);
        if (input.title !== undefined && input.title !== cur.title && (await repo.titleTaken(tx, input.title, input.id))) {
          throw new AppError('DUPLICATE_NOTICE_TITLE', { field: 'title' });
        }
        const changed = await repo.updateNoticesWhereStatus(tx, [input.id], NOTICE_EDITABLE_STATES, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.cover !== undefined ? { cover: input.cover || null } : {}),
          ...(content ? { content: content.html } : {}),
          ...(input.displayTime !== undefined ? { displayTime: new Date(input.displayTime) } : {}),
          ...(input.sort !== undefined ? { sort: input.sort } : {}),
        });
        if (changed.length !== 1) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
      });
      return get(principal, input.id);
    },

    /** Soft delete (the title becomes free again); refused for released notices. All or nothing. */
    async remove(principal: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, principal, ids);
        if (rows.some((r) => !NOTICE_DELETABLE_STATES.includes(r.status))) throw new AppError('IN_USE_NOTICE', { field: 'ids' });
        const changed = await repo.updateNoticesWhereStatus(
          tx,
          rows.map((r) => r.id),
          NOTICE_DELETABLE_STATES,
          { deletedAt: new Date() },
        );
        if (changed.length !== rows.length) throw new AppError('IN_USE_NOTICE', { field: 'ids' });
        for (const r of rows) await clearAudience(tx, audienceOf(r.id));
        return { count: changed.length };
      });
    },

    release: (principal: Principal, ids: number[]) => transition(principal, ids, 'release'),
    unrelease: (principal: Principal, ids: number[]) => transition(principal, ids, 'unrelease'),
    freeze: (principal: Principal, ids: number[]) => transition(principal, ids, 'freeze'),
    unfreeze: (principal: Principal, ids: number[]) => transition(principal, ids, 'unfreeze'),
    pin: (principal: Principal, ids: number[]) => setFields(principal, ids, { pinned: true }),
    unpin: (principal: Principal, ids: number[]) => setFields(principal, ids, { pinned: false }),
    sort: (principal: Principal, input: NoticeSort) => setFields(principal, [input.id], { sort: input.sort }),

    /** The portal: released notices whose audience includes the caller (an empty audience: nobody). */
    async mine(principal: Principal, q: NoticeMyQuery): Promise<Page<NoticePublic>> {
      const { records, total } = await repo.findVisibleNotices(db, principal.userId, q);
      return { records: await Promise.all(records.map(presentPublic)), total, page: q.page, size: q.size };
    },

    /** Who may read a notice's files: its managers within their scope, and everyone once it is shown. */
    async mayRead(principal: Principal, id: number): Promise<boolean> {
      if (hasAnyPermission(principal.permissions, ['gggl'])) {
        const row = await repo.getNoticeRow(db, id);
        if (row?.orgPath && pathInScope(principal, row.orgPath)) return true;
      }
      return (await repo.getVisibleNotice(db, id, principal.userId)) !== null;
    },

    async detail(principal: Principal, id: number): Promise<NoticePublic> {
      const row = await repo.getVisibleNotice(db, id, principal.userId);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return presentPublic(row);
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
