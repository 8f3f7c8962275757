import crypto from 'node:crypto';
import { paperTotal, type DrawnPaper, type PaperAbilities, type PaperDetail, type PaperInsert, type PaperListQuery, type PaperRow, type PaperUpdate } from '@hanlin/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { requireInScope } from '../../platform/scope.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import * as repo from './papers.repository.js';
import { papers } from './papers.schema.js';
import { allocate, drawPaper, rulePools } from './papers.draw.js';
import { papersInUse, type PaperUse } from './papers.usage.js';
import { onlyRow } from '../../platform/db/rows.js';

interface Deps {
  db: Db;
  lists: ListRuntime;
  uses: ReadonlyMap<string, PaperUse>;
}

const ABILITY_CODES = { modify: 'sjgl:modify', delete: 'sjgl:delete' } as const;

export function createPapersService({ db, lists, uses }: Deps) {
  const abilitiesFor = (p: Principal, inUse: boolean): PaperAbilities =>
    abilitiesOf({ modify: true, delete: true }, p.permissions, ABILITY_CODES, { modify: !inUse, delete: !inUse });

  async function present(p: Principal, rows: repo.PaperRecord[]): Promise<PaperRow[]> {
    const used = await papersInUse(
      uses,
      db,
      rows.map((r) => r.id),
    );
    return rows.map(({ orgPath: _orgPath, deletedAt: _deletedAt, ...r }) => ({
      ...r,
      kind: r.kind,
      createdAt: r.createdAt.toISOString(),
      abilities: abilitiesFor(p, used.has(r.id)),
    }));
  }

  /** The paper `id` if not deleted (NOT_FOUND_ERROR) and in the caller's scope (NO_DATA_PERMISSION_ERROR). */
  async function paperInScope(p: Principal, id: number) {
    const [row] = await repo.getPapers(db, [id]);
    if (!row || row.deletedAt) throw new AppError('NOT_FOUND_ERROR');
    requireInScope(p, row.orgPath);
    return row;
  }

  /** Locks papers not deleted in scope; unknown or deleted ids NOT_FOUND_ERROR, others' NO_DATA_PERMISSION_ERROR, used ones IN_USE_PAPER. */
  async function lockFree(tx: DbOrTx, p: Principal, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.lockPapers(tx, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
    for (const r of rows) requireInScope(p, r.orgPath);
    const used = await papersInUse(uses, tx, unique);
    if (used.size) throw new AppError('IN_USE_PAPER', { field: 'ids', data: { ids: [...used].sort((a, b) => a - b) } });
    return rows;
  }

  /**
   * The parts a paper may hold: hand-picked questions that exist, lie in the caller's scope and are
   * approved; rules whose bank exists and which the bank can satisfy all together (each rule's
   * refusal names `rules.<i>` with the number of questions available for it).
   */
  async function checkParts(tx: DbOrTx, p: Principal, input: PaperInsert) {
    const ids = input.items.map((i) => i.questionId);
    if (ids.length) {
      const found = await repo.questionStates(tx, ids);
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'items', data: { ids: missing } });
      for (const f of found) requireInScope(p, f.orgPath);
      const unapproved = found.filter((f) => f.status !== 'approved').map((f) => f.id);
      if (unapproved.length) throw new AppError('QUESTION_NOT_APPROVED', { field: 'items', data: { ids: unapproved.sort((a, b) => a - b) } });
    }
    if (!input.rules.length) return;
    const banks = await repo.categoriesExist(
      tx,
      input.rules.map((r) => r.categoryId),
    );
    input.rules.forEach((r, i) => {
      if (!banks.has(r.categoryId)) throw new AppError('NOT_FOUND_ERROR', { field: `rules.${i}.categoryId` });
    });
    const pools = await rulePools(tx, input.rules, ids);
    const drawn = allocate(pools, '');
    if ('short' in drawn) {
      const i = drawn.short;
      throw new AppError('PAPER_RULE_UNSATISFIABLE', { field: `rules.${i}.count`, data: { rule: i, available: pools[i].candidates.length } });
    }
  }

  return {
    async list(p: Principal, q: PaperListQuery) {
      const page = await repo.findPapers(lists, p, q);
      return { ...page, records: await present(p, page.records) };
    },

    async get(p: Principal, id: number): Promise<PaperDetail> {
      const row = await paperInScope(p, id);
      const items = await repo.itemsOf(db, [id]);
      const rules = await repo.rulesOf(db, [id]);
      const exclude = items.map((i) => i.questionId);
      return {
        ...onlyRow(await present(p, [row])),
        items: items.map((i) => ({ questionId: i.questionId, score: i.score, type: i.type, stem: i.stem, difficulty: i.difficulty })),
        rules: await Promise.all(
          rules.map(async (r) => ({
            categoryId: r.categoryId,
            categoryName: r.categoryName,
            type: r.type,
            difficulty: r.difficulty ?? null,
            labels: r.labels,
            count: r.count,
            score: r.score,
            available: (await repo.ruleCandidates(db, r, exclude)).length,
          })),
        ),
      };
    },

    /** A new paper of the author's organization; its total is computed. */
    async insert(p: Principal, input: PaperInsert) {
      return db.transaction(async (tx) => {
        await checkParts(tx, p, input);
        const row = onlyRow(
          await tx
            .insert(papers)
            .values({ name: input.name, kind: input.kind, total: paperTotal(input), orgId: p.orgId, createdBy: p.userId })
            .returning({ id: papers.id }),
        );
        await repo.writeParts(tx, row.id, input.items, input.rules);
        return { id: row.id };
      });
    },

    /** Replaces a paper no exam uses (IN_USE_PAPER otherwise). */
    async update(p: Principal, input: PaperUpdate) {
      await db.transaction(async (tx) => {
        await lockFree(tx, p, [input.id]);
        await checkParts(tx, p, input);
        await tx
          .update(papers)
          .set({ name: input.name, kind: input.kind, total: paperTotal(input), updatedAt: new Date() })
          .where(eq(papers.id, input.id));
        await repo.writeParts(tx, input.id, input.items, input.rules);
      });
    },

    /** Deletes papers no exam uses: the row stays (exams name it, unusable), its questions and rules go (the questions can then be deleted). */
    async remove(p: Principal, ids: number[]) {
      await db.transaction(async (tx) => {
        await lockFree(tx, p, ids);
        for (const id of ids) await repo.writeParts(tx, id, [], []);
        await repo.markDeleted(tx, ids);
      });
    },

    /** How many approved questions a rule would draw from now. */
    async ruleAvailable(input: repo.RuleFilter) {
      return { available: (await repo.ruleCandidates(db, input)).length };
    },

    /** A draw as an examinee would get it (a random seed unless given). */
    async preview(p: Principal, id: number, seed?: string): Promise<DrawnPaper> {
      await paperInScope(p, id);
      return drawPaper(db, id, seed ?? crypto.randomUUID());
    },
  };
}
export type PapersService = ReturnType<typeof createPapersService>;
