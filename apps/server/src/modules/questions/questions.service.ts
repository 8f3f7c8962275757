import {
  QUESTION_LIFECYCLE,
  QUESTION_STEM_MAX,
  stemText,
  type QuestionAbilities,
  type QuestionInsert,
  type QuestionRow,
  type QuestionStatus,
  type QuestionUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { listReads, type ListRuntime } from '../../platform/list.js';
import { scopedLock } from '../../platform/scope.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import { abilitiesOf, transitionCommand } from '../../platform/lifecycle.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import * as repo from './questions.repository.js';
import { categoryTree as tree } from './questions.repository.js';
import { questionCategories, questions } from './questions.schema.js';
import { questionsInUse, type QuestionUse } from './questions.usage.js';

interface Deps {
  db: Db;
  lists: ListRuntime;
  uses: ReadonlyMap<string, QuestionUse>;
}

/** The permission code of each ability. */
const ABILITY_CODES = {
  modify: 'tkgl:modify',
  delete: 'tkgl:delete',
  submit: 'tkgl:publish',
  approve: 'tkgl:approve',
  refuse: 'tkgl:approve',
  unpublish: 'tkgl:unpublish',
} as const;

/** The stem as stored: sanitized rich text whose text keeps to 200 characters (PARAMETER_INVALID naming `stem`). */
function cleanStem(html: string): string {
  const clean = sanitizeRichText(html);
  const text = stemText(clean);
  if (!text || text.length > QUESTION_STEM_MAX) throw new AppError('PARAMETER_INVALID', { field: 'stem' });
  return clean;
}

/** The columns of a question (validated by the shared schema): only its type's parts are kept. */
export function valuesOf(input: QuestionInsert): repo.QuestionValues {
  return {
    type: input.type,
    stem: cleanStem(input.stem),
    difficulty: input.difficulty,
    labels: input.labels,
    score: input.score,
    analysis: input.analysis,
    options: input.options,
    answers: input.answers,
    blanks: input.blanks,
    keywords: input.keywords,
    autoScore: input.autoScore,
    answerText: input.answerText,
    stars: input.type === 'rating' ? input.stars : 5,
    categoryId: input.categoryId ?? null,
  };
}

export function createQuestionsService({ db, lists, uses }: Deps) {
  /** A category with sub-categories or questions stays (IN_USE_SUBCLASS). */
  const categories = categoryTreeCommands({ db, table: questionCategories, tree });

  const abilitiesFor = (p: Principal, status: QuestionStatus, inUse: boolean): QuestionAbilities =>
    abilitiesOf(QUESTION_LIFECYCLE.abilities(status), p.permissions, ABILITY_CODES, { delete: !inUse, unpublish: !inUse });

  async function present(p: Principal, rows: repo.QuestionRecord[]): Promise<QuestionRow[]> {
    const used = await questionsInUse(
      uses,
      db,
      rows.map((r) => r.id),
    );
    return rows.map(({ orgPath: _orgPath, ...r }) => ({
      ...r,
      type: r.type,
      difficulty: r.difficulty,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      abilities: abilitiesFor(p, r.status, used.has(r.id)),
    }));
  }

  /** Locks the questions inside the transaction; unknown ids NOT_FOUND_ERROR, others' NO_DATA_PERMISSION_ERROR. */
  const lockInScope = scopedLock(repo.lockQuestions);

  async function requireCategory(dbx: DbOrTx, categoryId: number | null | undefined) {
    if (categoryId != null) await tree.mustGet(dbx, categoryId, 'categoryId');
  }

  const transition = transitionCommand({
    db,
    lifecycle: QUESTION_LIFECYCLE,
    table: questions,
    state: 'status',
    lock: lockInScope,
    on: {
      // A question a paper uses may have been answered: it stays as it is.
      unpublish: {
        async check(tx, rows) {
          const used = await questionsInUse(
            uses,
            tx,
            rows.map((r) => r.id),
          );
          if (used.size) throw new AppError('QUESTION_ANSWERED_CANNOT_UNPUBLISH', { field: 'ids', data: { ids: [...used].sort((a, b) => a - b) } });
        },
      },
    },
  });

  return {
    categories,

    ...listReads(repo.questionList, lists, present),

    /** A new question is a draft of the author's organization. */
    async insert(p: Principal, input: QuestionInsert) {
      const values = valuesOf(input);
      return db.transaction(async (tx) => {
        await requireCategory(tx, values.categoryId);
        return { id: await repo.insertQuestion(tx, { ...values, orgId: p.orgId, createdBy: p.userId }) };
      });
    },

    /** Replaces a draft or refused question (STATE_TRANSITION_INVALID otherwise). */
    async update(p: Principal, input: QuestionUpdate) {
      const values = valuesOf(input);
      await db.transaction(async (tx) => {
        const [row] = await lockInScope(tx, p, [input.id]);
        if (!QUESTION_LIFECYCLE.abilities(row.status).modify) {
          throw new AppError('STATE_TRANSITION_INVALID', { field: 'id', data: { ids: [input.id] } });
        }
        await requireCategory(tx, values.categoryId);
        await repo.updateQuestion(tx, input.id, values);
      });
    },

    /** Deletes questions in scope that no paper uses (IN_USE_QUESTION naming the ids) and that are not waiting for approval. */
    async remove(p: Principal, ids: number[]) {
      await db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const stuck = rows.filter((r) => !QUESTION_LIFECYCLE.abilities(r.status).delete).map((r) => r.id);
        if (stuck.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: stuck } });
        const used = await questionsInUse(uses, tx, ids);
        if (used.size) throw new AppError('IN_USE_QUESTION', { field: 'ids', data: { ids: [...used].sort((a, b) => a - b) } });
        await repo.deleteQuestions(tx, ids);
      });
    },

    submit: (p: Principal, ids: number[]) => transition(p, ids, 'submit', { refuseReason: null }),
    approve: (p: Principal, ids: number[]) => transition(p, ids, 'approve', { refuseReason: null }),
    refuse: (p: Principal, ids: number[], reason: string) => transition(p, ids, 'refuse', { refuseReason: reason }),
    unpublish: (p: Principal, ids: number[]) => transition(p, ids, 'unpublish'),
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
