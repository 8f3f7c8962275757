import type { FastifyInstance } from 'fastify';
import {
  QUESTIONNAIRE_LIFECYCLE,
  type QuestionnaireAbilities,
  type QuestionnaireCopy,
  type QuestionnaireDetail,
  type QuestionnaireInsert,
  type QuestionnaireRow,
  type QuestionnaireUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { listReads, type ListRuntime } from '../../platform/list.js';
import { abilitiesOf, transitionCommand } from '../../platform/lifecycle.js';
import { scopedLock } from '../../platform/scope.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import { requireQuestions } from './questionnaires.items.js';
import * as repo from './questionnaires.repository.js';
import { categoryTree as tree } from './questionnaires.repository.js';
import { questionnaireCategories, questionnaires } from './questionnaires.schema.js';
import { questionnaireUses, questionnairesInUse } from './questionnaires.usage.js';

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
}

const ABILITY_CODES: Record<keyof QuestionnaireAbilities, string> = {
  modify: 'wjgl:modify',
  delete: 'wjgl:delete',
  publish: 'wjgl:publish',
  unpublish: 'wjgl:unpublish',
  copy: 'wjgl:add',
};

export function createQuestionnairesService({ app, db, lists }: Deps) {
  const categories = categoryTreeCommands({ db, table: questionnaireCategories, tree });
  const inUse = (dbx: DbOrTx, ids: number[]) => questionnairesInUse(questionnaireUses(app), dbx, ids);

  async function present(p: Principal, rows: repo.QuestionnaireRecord[]): Promise<QuestionnaireRow[]> {
    const used = await inUse(
      db,
      rows.map((r) => r.id),
    );
    return rows.map(({ orgPath: _orgPath, ...r }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      abilities: abilitiesOf({ ...QUESTIONNAIRE_LIFECYCLE.abilities(r.status), copy: true }, p.permissions, ABILITY_CODES, { delete: !used.has(r.id) }),
    }));
  }
  const reads = listReads(repo.questionnaireList, lists, present, { field: 'id' });

  async function requireCategory(dbx: DbOrTx, categoryId: number | null | undefined) {
    if (categoryId != null) await tree.mustGet(dbx, categoryId, 'categoryId');
  }
  async function requireFreeName(dbx: DbOrTx, name: string, exceptId?: number) {
    if (await repo.nameTaken(dbx, name, exceptId)) throw new AppError('DUPLICATE_DATA', { field: 'name' });
  }
  const lockInScope = scopedLock(repo.lockQuestionnaires, { field: 'ids', beyond: true });

  const transition = transitionCommand({
    db,
    lifecycle: QUESTIONNAIRE_LIFECYCLE,
    table: questionnaires,
    state: 'status',
    lock: lockInScope,
    on: {
      publish: {
        // A template without a question is incomplete content (spec §8).
        check: async (_tx, rows) => requireQuestions(rows),
        set: (now) => ({ publishedAt: now }),
      },
    },
  });

  return {
    categories,
    list: reads.list,
    /** The template with its items. */
    async get(p: Principal, id: number): Promise<QuestionnaireDetail> {
      const row = await reads.get(p, id);
      return { ...row, items: (await repo.getItems(db, id)) ?? [] };
    },

    /** A new template is a draft of the creator's organization. */
    async insert(p: Principal, input: QuestionnaireInsert) {
      return db.transaction(async (tx) => {
        await requireCategory(tx, input.categoryId);
        await requireFreeName(tx, input.name);
        const id = await repo.insertQuestionnaire(tx, { ...input, categoryId: input.categoryId ?? null, orgId: p.orgId, createdBy: p.userId });
        return { id };
      });
    },

    /** Only a draft or unpublished template changes (STATE_TRANSITION_INVALID otherwise). */
    async update(p: Principal, input: QuestionnaireUpdate) {
      await db.transaction(async (tx) => {
        const [row] = await lockInScope(tx, p, [input.id]);
        if (!QUESTIONNAIRE_LIFECYCLE.abilities(row.status).modify) throw new AppError('STATE_TRANSITION_INVALID', { field: 'id', data: { ids: [row.id] } });
        if (input.name !== undefined && input.name !== row.name) await requireFreeName(tx, input.name, row.id);
        if (input.categoryId !== undefined) await requireCategory(tx, input.categoryId);
        const { id: _id, ...set } = input;
        await repo.updateQuestionnaire(tx, row.id, set);
      });
    },

    /** A copy of any template in scope, as a new draft of the caller's organization. */
    async copy(p: Principal, input: QuestionnaireCopy) {
      return db.transaction(async (tx) => {
        const [source] = await lockInScope(tx, p, [input.id]);
        await requireFreeName(tx, input.name);
        const id = await repo.insertQuestionnaire(tx, {
          name: input.name,
          categoryId: source.categoryId,
          description: source.description,
          items: source.items,
          orgId: p.orgId,
          createdBy: p.userId,
        });
        return { id };
      });
    },

    /** Drafts and unpublished templates nothing was built from (IN_USE_QUESTIONNAIRE otherwise). */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const refused = rows.filter((r) => !QUESTIONNAIRE_LIFECYCLE.abilities(r.status).delete).map((r) => r.id);
        if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
        const used = [...(await inUse(tx, ids))];
        if (used.length) throw new AppError('IN_USE_QUESTIONNAIRE', { field: 'ids', data: { ids: used } });
        await repo.deleteQuestionnaires(tx, ids);
        return { count: rows.length };
      });
    },

    transition,
  };
}
export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
