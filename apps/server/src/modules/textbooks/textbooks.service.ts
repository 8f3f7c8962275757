import type { FastifyInstance } from 'fastify';
import {
  TEXTBOOK_LIFECYCLE,
  type Page,
  type TextbookAbilities,
  type TextbookCard,
  type TextbookInsert,
  type TextbookNote,
  type TextbookNoteInsert,
  type TextbookNoteListQuery,
  type TextbookNoteUpdate,
  type TextbookProgress,
  type TextbookReading,
  type TextbookRow,
  type TextbookScore,
  type TextbookShelfQuery,
  type TextbookUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { listReads, type ListRuntime } from '../../platform/list.js';
import { abilitiesOf, transitionCommand } from '../../platform/lifecycle.js';
import { pathInScope, scopedLock } from '../../platform/scope.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import { claimFile, linkFile, type FileSigner } from '../uploads/index.js';
import { getMediaState, mediaKindOf, requestMediaProcessing } from '../media/index.js';
import * as repo from './textbooks.repository.js';
import { categoryTree as tree } from './textbooks.repository.js';
import { textbookCategories, textbooks } from './textbooks.schema.js';

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
  signer: FileSigner;
}

const ABILITY_CODES: Record<keyof TextbookAbilities, string> = {
  modify: 'szjc:modify',
  delete: 'szjc:delete',
  publish: 'szjc:publish',
  unpublish: 'szjc:unpublish',
  offShelf: 'szjc:unpublish',
};

export function createTextbooksService({ app, db, lists, signer }: Deps) {
  const categories = categoryTreeCommands({ db, table: textbookCategories, tree });

  async function present(p: Principal, rows: repo.TextbookRecord[]): Promise<TextbookRow[]> {
    return Promise.all(
      rows.map(async ({ orgPath: _orgPath, fileId, ...r }) => ({
        ...r,
        status: r.status,
        file: `/api/upload/file/${fileId}`,
        fileName: r.fileName,
        coverUrl: await signer.publicUrlForRef(r.cover),
        createdAt: r.createdAt.toISOString(),
        publishedAt: r.publishedAt?.toISOString() ?? null,
        abilities: abilitiesOf(TEXTBOOK_LIFECYCLE.abilities(r.status), p.permissions, ABILITY_CODES),
      })),
    );
  }

  async function presentCard(r: NonNullable<Awaited<ReturnType<typeof repo.getCard>>>): Promise<TextbookCard> {
    return {
      id: r.id,
      name: r.name,
      author: r.author,
      publisher: r.publisher,
      labels: r.labels,
      coverUrl: await signer.publicUrlForRef(r.cover),
      averageScore: r.averageScore == null ? null : Math.round(Number(r.averageScore) * 10) / 10,
      scoreCount: r.scoreCount,
      registered: r.registered,
    };
  }

  async function requireCategory(dbx: DbOrTx, categoryId: number | null | undefined) {
    if (categoryId != null) await tree.mustGet(dbx, categoryId, 'categoryId');
  }

  /** The caller's own uploaded PDF (purpose `textbook`); anything but a PDF is FILE_TYPE_ERROR. */
  async function claimPdf(dbx: DbOrTx, p: Principal, ref: string) {
    const file = await claimFile(dbx, p, ref, { purpose: 'textbook', field: 'file' });
    if (!file) throw new AppError('PARAMETER_INVALID', { field: 'file' });
    if (mediaKindOf(file) !== 'pdf') throw new AppError('FILE_TYPE_ERROR', { field: 'file' });
    return file;
  }
  async function claimCover(dbx: DbOrTx, p: Principal, ref: string | null | undefined) {
    const file = await claimFile(dbx, p, ref, { purpose: 'cover', field: 'cover', missing: 'FILE_TYPE_ERROR' });
    if (file && !file.mime.startsWith('image/')) throw new AppError('FILE_TYPE_ERROR', { field: 'cover' });
    return file;
  }

  const lockInScope = scopedLock(repo.lockTextbooks, { field: 'ids', beyond: true });

  const transition = transitionCommand({
    db,
    lifecycle: TEXTBOOK_LIFECYCLE,
    table: textbooks,
    state: 'status',
    lock: lockInScope,
    on: { publish: { set: (now) => ({ publishedAt: now }) } },
  });

  /** On the shelf: only a published textbook is registered anew. */
  const shelved = (card: { status: string }) => card.status === 'published';

  /** A textbook the reader may open: published, or registered by them earlier (NOT_FOUND_ERROR otherwise). */
  async function requireReadable(dbx: DbOrTx, p: Principal, id: number, field = 'id') {
    if (!(await repo.readableBy(dbx, p.userId, id))) throw new AppError('NOT_FOUND_ERROR', { field });
  }

  return {
    categories,

    ...listReads(repo.textbookList, lists, present, { field: 'id' }),

    /** A new textbook is a draft of the creator's organization. */
    async insert(p: Principal, input: TextbookInsert) {
      const { id, fileId } = await db.transaction(async (tx) => {
        const file = await claimPdf(tx, p, input.file);
        const cover = await claimCover(tx, p, input.cover);
        await requireCategory(tx, input.categoryId);
        if (await repo.nameTaken(tx, input.name)) throw new AppError('DUPLICATE_TEXTBOOK', { field: 'name' });
        const id = await repo.insertTextbook(tx, {
          name: input.name,
          categoryId: input.categoryId ?? null,
          labels: input.labels,
          intro: input.intro,
          author: input.author,
          publisher: input.publisher,
          cover: input.cover || null,
          fileId: file.id,
          orgId: p.orgId,
          createdBy: p.userId,
        });
        await linkFile(tx, file.id, id);
        if (cover) await linkFile(tx, cover.id, id);
        return { id, fileId: file.publicId };
      });
      await requestMediaProcessing(app, fileId);
      return { id };
    },

    /** Only a draft or unpublished textbook changes (STATE_TRANSITION_INVALID otherwise). */
    async update(p: Principal, input: TextbookUpdate) {
      const newFile = await db.transaction(async (tx) => {
        const [row] = await lockInScope(tx, p, [input.id]);
        if (!TEXTBOOK_LIFECYCLE.canEdit(row.status)) {
          throw new AppError('STATE_TRANSITION_INVALID', { field: 'id', data: { ids: [input.id] } });
        }
        if (input.name !== undefined && input.name !== row.name && (await repo.nameTaken(tx, input.name, row.id))) {
          throw new AppError('DUPLICATE_TEXTBOOK', { field: 'name' });
        }
        if (input.categoryId !== undefined) await requireCategory(tx, input.categoryId);
        const coverChanged = input.cover !== undefined && (input.cover || null) !== row.cover;
        const cover = coverChanged ? await claimCover(tx, p, input.cover) : null;
        if (cover) await linkFile(tx, cover.id, row.id);
        // The file the textbook already has is no change (another manager may edit it).
        const file = input.file !== undefined && input.file !== `/api/upload/file/${row.filePublicId}` ? await claimPdf(tx, p, input.file) : null;
        if (file && file.id !== row.fileId) await linkFile(tx, file.id, row.id);
        await repo.updateTextbook(tx, row.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
          ...(input.labels !== undefined ? { labels: input.labels } : {}),
          ...(input.intro !== undefined ? { intro: input.intro } : {}),
          ...(input.author !== undefined ? { author: input.author } : {}),
          ...(input.publisher !== undefined ? { publisher: input.publisher } : {}),
          ...(coverChanged ? { cover: input.cover || null } : {}),
          ...(file && file.id !== row.fileId ? { fileId: file.id } : {}),
        });
        return file && file.id !== row.fileId ? file.publicId : null;
      });
      if (newFile) await requestMediaProcessing(app, newFile);
    },

    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const refused = rows.filter((r) => !TEXTBOOK_LIFECYCLE.abilities(r.status).delete).map((r) => r.id);
        if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
        await repo.deleteTextbooks(tx, ids);
        return { count: rows.length };
      });
    },

    transition,

    // ---- Student side ----

    async shelf(p: Principal, q: TextbookShelfQuery): Promise<Page<TextbookCard>> {
      const { records, total } = await repo.findShelf(db, p.userId, q);
      return { records: await Promise.all(records.map(presentCard)), total, page: q.page, size: q.size };
    },

    async read(p: Principal, id: number): Promise<TextbookReading> {
      await requireReadable(db, p, id);
      const card = await repo.getCard(db, p.userId, id);
      const [media, progress, myScore] = await Promise.all([getMediaState(app, [card.filePublicId]), repo.getProgress(db, id, p.userId), repo.getScore(db, id, p.userId)]);
      return {
        ...(await presentCard(card)),
        intro: card.intro,
        status: card.status,
        pdfUrl: media.get(card.filePublicId)?.playUrl ?? null,
        myScore,
        page: progress?.page ?? null,
        pageCount: progress?.pageCount ?? null,
        abilities: { register: !card.registered && shelved(card), unregister: card.registered, score: myScore == null },
      };
    },

    async progress(p: Principal, input: TextbookProgress) {
      if (input.page > input.pageCount) throw new AppError('PARAMETER_INVALID', { field: 'page' });
      await requireReadable(db, p, input.id);
      await repo.saveProgress(db, { textbookId: input.id, userId: p.userId, page: input.page, pageCount: input.pageCount });
    },

    /** Once per reader: a second score is REPEAT_SUBMIT_ERROR. */
    async score(p: Principal, input: TextbookScore) {
      await requireReadable(db, p, input.id);
      if (!(await repo.insertScore(db, { textbookId: input.id, userId: p.userId, score: input.score }))) {
        throw new AppError('REPEAT_SUBMIT_ERROR', { field: 'score' });
      }
    },

    /** Only a published textbook can be registered; registering again changes nothing. */
    async register(p: Principal, id: number) {
      const card = await repo.getCard(db, p.userId, id);
      if (!card) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      if (!shelved(card) && !card.registered) throw new AppError('STATE_TRANSITION_INVALID', { field: 'id', data: { ids: [id] } });
      await repo.register(db, id, p.userId);
    },
    async unregister(p: Principal, id: number) {
      await repo.unregister(db, id, p.userId);
    },

    async notes(p: Principal, q: TextbookNoteListQuery): Promise<TextbookNote[]> {
      const rows = await repo.findNotes(db, p.userId, q.textbookId, q.page);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
    },
    async noteInsert(p: Principal, input: TextbookNoteInsert) {
      await requireReadable(db, p, input.textbookId, 'textbookId');
      return { id: await repo.insertNote(db, { textbookId: input.textbookId, userId: p.userId, page: input.page, content: input.content }) };
    },
    /** A note that is not the caller's own is answered as missing. */
    async noteUpdate(p: Principal, input: TextbookNoteUpdate) {
      if (!(await repo.updateOwnNote(db, p.userId, input.id, input.content))) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    },
    async noteDelete(p: Principal, id: number) {
      if (!(await repo.deleteOwnNote(db, p.userId, id))) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    },

    /** Read rule of textbook PDFs: managers in scope, and readers of the textbook. */
    async mayReadFile(p: Principal, textbookId: number): Promise<boolean> {
      if (p.permissions.has('szjc')) {
        const orgPath = await repo.textbookOrgPath(db, textbookId);
        if (orgPath && pathInScope(p, orgPath)) return true;
      }
      return repo.readableBy(db, p.userId, textbookId);
    },
  };
}
export type TextbooksService = ReturnType<typeof createTextbooksService>;
