import {
  DICT_TYPES,
  QA_BODY_MAX,
  QA_LIFECYCLE,
  findSensitiveWord,
  qaAbilities,
  type Page,
  type QaAbilities,
  type QaAnswerCreate,
  type QaAnswerRow,
  type QaAnswersQuery,
  type QaCreate,
  type QaListQuery,
  type QaPortalQuery,
  type QaPublic,
  type QaReplyQuery,
  type QaReplyRow,
  type QaRow,
  type QaSensitiveWords,
  type QaUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { homeOrgInScope, requireInScope, scopedLock } from '../../platform/scope.js';
import { abilitiesOf, deleteCommand, lockEditable, transitionCommand } from '../../platform/lifecycle.js';
import { xactLock } from '../../platform/locks.js';
import { richTextPlain, sanitizeRichText } from '../../platform/rich-text.js';
import { readSetting, writeSetting } from '../../platform/settings.js';
import { dictLabels, requireDictValues } from '../dict/index.js';
import { readPlatformParams } from '../settings/index.js';
import * as repo from './qa.repository.js';
import { qaEntries } from './qa.schema.js';

/** Which permission code each ability also needs, so the page shows only what this caller may do. */
const ABILITY_CODES: Record<keyof QaAbilities, string> = {
  modify: 'wdgl:modify',
  delete: 'wdgl:delete',
  release: 'wdgl:publish',
  unrelease: 'wdgl:unpublish',
  pin: 'wdgl:modify',
  unpin: 'wdgl:modify',
};

/** The setting holding the sensitive words (platform `system_settings`). */
const WORDS_KEY = 'qaSensitiveWords';
const readWords = async (db: DbOrTx) => (await readSetting<QaSensitiveWords>(db, WORDS_KEY, { words: [] })).words;

/** Refuses a text holding a sensitive word, in any letter case (SENSITIVE_WORDS naming `field`). */
async function refuseSensitive(db: DbOrTx, field: string, ...texts: string[]) {
  const words = await readWords(db);
  for (const text of texts) {
    const word = findSensitiveWord(text, words);
    if (word) throw new AppError('SENSITIVE_WORDS', { field, data: { word } });
  }
}

interface Deps {
  db: Db;
  lists: ListRuntime;
}

export function createQaService({ db, lists }: Deps) {
  const lockInScope = scopedLock(repo.lockQaEntries);

  async function labelsOf(values: (string | null)[]) {
    return dictLabels(db, DICT_TYPES.qaCategory, values);
  }

  function present(principal: Principal, r: repo.QaEntryRow, labels: Map<string, string>): QaRow {
    return {
      id: r.id,
      title: r.title,
      content: r.content,
      category: r.category,
      categoryLabel: (r.category && labels.get(r.category)) ?? null,
      state: r.status,
      pinned: r.pinned,
      answerCount: r.answerCount,
      orgId: r.orgId,
      orgName: r.orgName,
      createdBy: r.createdBy,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      releasedAt: r.releasedAt?.toISOString() ?? null,
      abilities: abilitiesOf(qaAbilities(r.status, r.pinned, r.answerCount), principal.permissions, ABILITY_CODES),
    };
  }

  async function presentPublic(r: Awaited<ReturnType<typeof repo.getReleasedEntry>> & object, labels?: Map<string, string>): Promise<QaPublic> {
    const names = labels ?? (await labelsOf([r.category]));
    return {
      id: r.id,
      title: r.title,
      content: r.content,
      category: r.category,
      categoryLabel: (r.category && names.get(r.category)) ?? null,
      pinned: r.pinned,
      answerCount: r.answerCount,
      releasedAt: r.releasedAt?.toISOString() ?? null,
    };
  }

  /** Sanitized body; its text must not be empty nor longer than QA_BODY_MAX, nor hold a sensitive word. */
  async function prepareContent(tx: DbOrTx, html: string) {
    const clean = sanitizeRichText(html);
    const text = richTextPlain(clean);
    if (!text) throw new AppError('PARAMETER_INVALID', { field: 'content' });
    if (text.length > QA_BODY_MAX) throw new AppError('PARAMETER_INVALID', { field: 'content', data: { max: QA_BODY_MAX } });
    await refuseSensitive(tx, 'content', text);
    return clean;
  }

  async function get(principal: Principal, id: number): Promise<QaRow> {
    const row = await repo.getQaRow(db, id);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(principal, row.orgPath);
    return present(principal, row, await labelsOf([row.category]));
  }

  const transition = transitionCommand({
    db,
    lifecycle: QA_LIFECYCLE,
    table: qaEntries,
    state: 'status',
    lock: lockInScope,
    on: {
      release: { set: (now) => ({ releasedAt: now }) },
      unrelease: {
        // Spec §4 and §8: unpin first; an answered entry stays released.
        async check(_tx, rows) {
          const pinned = rows.filter((r) => r.pinned).map((r) => r.id);
          if (pinned.length) throw new AppError('QA_PINNED_CANNOT_UNPUBLISH', { field: 'ids', data: { ids: pinned } });
          const answered = rows.filter((r) => r.answerCount > 0).map((r) => r.id);
          if (answered.length) throw new AppError('QUESTION_ANSWERED_CANNOT_UNPUBLISH', { field: 'ids', data: { ids: answered } });
        },
      },
    },
  });

  /** Soft delete of drafts and unreleased entries (an answered entry is never unreleased, so never deleted). */
  const remove = deleteCommand({
    db,
    lifecycle: QA_LIFECYCLE,
    lock: lockInScope,
    remove: (tx, ids) => repo.updateQaWhereStatus(tx, ids, QA_LIFECYCLE.deletable ?? QA_LIFECYCLE.states, { deletedAt: new Date() }),
  });

  /** Pins released entries, at most the parameter `pinnedQaLimit` at once (one pin at a time across nodes). */
  async function pin(principal: Principal, ids: number[]) {
    return db.transaction(async (tx) => {
      await xactLock(tx, 'qaPins');
      const rows = await lockInScope(tx, principal, ids);
      const refused = rows.filter((r) => r.status !== 'released' || r.pinned).map((r) => r.id);
      if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
      const { pinnedQaLimit } = await readPlatformParams(tx);
      if ((await repo.countPinned(tx)) + rows.length > pinnedQaLimit) throw new AppError('TOP_COUNT_EXCEEDED', { field: 'ids', data: { max: pinnedQaLimit } });
      const changed = await repo.setPinned(
        tx,
        rows.map((r) => r.id),
        true,
      );
      return { count: changed.length };
    });
  }

  async function unpin(principal: Principal, ids: number[]) {
    return db.transaction(async (tx) => {
      const rows = await lockInScope(tx, principal, ids);
      const refused = rows.filter((r) => !r.pinned).map((r) => r.id);
      if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
      const changed = await repo.setPinned(
        tx,
        rows.map((r) => r.id),
        false,
      );
      return { count: changed.length };
    });
  }

  const presentAnswer = (principal: Principal, a: repo.QaAnswerDbRow): QaAnswerRow => ({
    id: a.id,
    entryId: a.entryId,
    kind: a.kind,
    content: a.content,
    authorName: a.authorName,
    createdAt: a.createdAt.toISOString(),
    abilities: { delete: a.userId === principal.userId },
  });

  async function releasedOrMissing(entryId: number) {
    const row = await repo.getReleasedEntry(db, entryId);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'entryId' });
    return row;
  }

  const lockRepliesInScope = scopedLock(repo.lockReplies);

  /** Locks live replies in the caller's scope (NOT_FOUND_ERROR for a missing or deleted one) and refuses those already `hidden` as asked. */
  async function lockRepliesToMove(tx: DbOrTx, principal: Principal, ids: number[], hidden: boolean) {
    const rows = await lockRepliesInScope(tx, principal, ids);
    if (rows.some((r) => r.deletedAt)) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
    const refused = rows.filter((r) => !!r.hiddenAt === hidden).map((r) => r.id);
    if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
    return rows;
  }

  /** Reply moderation: replies of the entries in scope, each with the sensitive word it holds now. */
  async function replies(principal: Principal, q: QaReplyQuery): Promise<Page<QaReplyRow>> {
    const words = await readWords(db);
    const { records, total } = await repo.findReplies(db, principal, q, words);
    const moderates = principal.permissions.has(ABILITY_CODES.modify);
    return {
      records: records.map(({ userId: _u, hiddenAt, ...r }) => {
        const sensitiveWord = findSensitiveWord(r.content, words);
        return {
          ...r,
          kind: r.kind,
          createdAt: r.createdAt.toISOString(),
          hidden: !!hiddenAt,
          hiddenAt: hiddenAt?.toISOString() ?? null,
          sensitiveWord,
          abilities: { hide: moderates && !hiddenAt, restore: moderates && !!hiddenAt && !sensitiveWord },
        };
      }),
      total,
      page: q.page,
      size: q.size,
    };
  }

  /** Hides shown replies (all or none): they leave the student center; the entry's count stays (it only grows). */
  async function hideReplies(principal: Principal, ids: number[]) {
    return db.transaction(async (tx) => {
      const rows = await lockRepliesToMove(tx, principal, ids, true);
      return {
        count: (
          await repo.setReplyHidden(
            tx,
            rows.map((r) => r.id),
            principal.userId,
          )
        ).length,
      };
    });
  }

  /** Restores hidden replies (all or none); one holding a word of the current setting stays hidden (SENSITIVE_WORDS). */
  async function restoreReplies(principal: Principal, ids: number[]) {
    return db.transaction(async (tx) => {
      const rows = await lockRepliesToMove(tx, principal, ids, false);
      const words = await readWords(tx);
      const held = rows.map((r) => ({ id: r.id, word: findSensitiveWord(r.content, words) })).filter((r) => r.word);
      const [first] = held;
      if (first) throw new AppError('SENSITIVE_WORDS', { field: 'ids', data: { ids: held.map((r) => r.id), word: first.word } });
      return {
        count: (
          await repo.setReplyHidden(
            tx,
            rows.map((r) => r.id),
            null,
          )
        ).length,
      };
    });
  }

  return {
    replies,
    hideReplies,
    restoreReplies,

    async list(principal: Principal, q: QaListQuery): Promise<Page<QaRow>> {
      const { rows, total } = await repo.findQaEntries(lists, principal, q);
      const labels = await labelsOf(rows.map((r) => r.category));
      return { records: rows.map((r) => present(principal, r, labels)), total, page: q.page, size: q.size };
    },

    get,

    async insert(principal: Principal, input: QaCreate): Promise<QaRow> {
      const id = await db.transaction(async (tx) => {
        await requireDictValues(tx, [{ field: 'category', type: DICT_TYPES.qaCategory, value: input.category }]);
        await refuseSensitive(tx, 'title', input.title);
        return repo.insertQaEntry(tx, {
          title: input.title,
          content: await prepareContent(tx, input.content),
          category: input.category || null,
          status: 'draft',
          orgId: await homeOrgInScope(tx, principal),
          createdBy: principal.userId,
        });
      });
      return get(principal, id);
    },

    /** Only a draft or unreleased entry changes. */
    async update(principal: Principal, input: QaUpdate): Promise<QaRow> {
      await db.transaction(async (tx) => {
        await lockEditable(tx, principal, input.id, lockInScope, QA_LIFECYCLE);
        await requireDictValues(tx, [{ field: 'category', type: DICT_TYPES.qaCategory, value: input.category }]);
        if (input.title !== undefined) await refuseSensitive(tx, 'title', input.title);
        const changed = await repo.updateQaWhereStatus(tx, [input.id], QA_LIFECYCLE.editable ?? QA_LIFECYCLE.states, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.content !== undefined ? { content: await prepareContent(tx, input.content) } : {}),
          ...(input.category !== undefined ? { category: input.category || null } : {}),
        });
        if (changed.length !== 1) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
      });
      return get(principal, input.id);
    },

    remove,
    release: (principal: Principal, ids: number[]) => transition(principal, ids, 'release'),
    unrelease: (principal: Principal, ids: number[]) => transition(principal, ids, 'unrelease'),
    pin,
    unpin,

    sensitiveWords: async (): Promise<QaSensitiveWords> => ({ words: await readWords(db) }),

    /** Saved as given, without blanks and repeats (letter case ignored). */
    async saveSensitiveWords(input: QaSensitiveWords): Promise<QaSensitiveWords> {
      const seen = new Set<string>();
      const words = input.words.filter((w) => {
        const k = w.toLocaleLowerCase();
        return !seen.has(k) && !!seen.add(k);
      });
      await writeSetting(db, WORDS_KEY, { words });
      return { words };
    },

    async portalList(q: QaPortalQuery): Promise<Page<QaPublic>> {
      const { records, total } = await repo.findReleasedEntries(db, q);
      const labels = await labelsOf(records.map((r) => r.category));
      return { records: await Promise.all(records.map((r) => presentPublic(r, labels))), total, page: q.page, size: q.size };
    },

    portalDetail: async (id: number): Promise<QaPublic> => presentPublic(await releasedOrMissing(id)),

    async answers(principal: Principal, q: QaAnswersQuery): Promise<Page<QaAnswerRow>> {
      await releasedOrMissing(q.entryId);
      const { records, total } = await repo.findAnswers(db, q);
      return { records: records.map((a) => presentAnswer(principal, a)), total, page: q.page, size: q.size };
    },

    /** A reply on a released entry; its count only grows. */
    async answer(principal: Principal, input: QaAnswerCreate): Promise<QaAnswerRow> {
      const id = await db.transaction(async (tx) => {
        await refuseSensitive(tx, 'content', input.content);
        if (!(await repo.countAnswer(tx, input.entryId))) throw new AppError('NOT_FOUND_ERROR', { field: 'entryId' });
        return repo.insertAnswer(tx, { entryId: input.entryId, kind: input.kind, content: input.content, userId: principal.userId });
      });
      const written = await repo.getAnswer(db, id);
      if (!written) throw new Error(`answer ${id}: missing right after its insert`);
      return presentAnswer(principal, written);
    },

    /** Only its author deletes an answer (NO_DATA_PERMISSION_ERROR for another's). */
    async deleteAnswer(principal: Principal, id: number) {
      const row = await repo.getAnswer(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      if (row.userId !== principal.userId) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      if (!(await repo.deleteOwnAnswer(db, id, principal.userId))) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return { id };
    },
  };
}
export type QaService = ReturnType<typeof createQaService>;
