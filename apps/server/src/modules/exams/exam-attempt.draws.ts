import type { DrawnQuestion, QuestionKey } from '@hanlin/shared';
import { getKnown } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { drawPlan, paperPlan, type PaperPlan } from '../papers/index.js';
import { questionKeysFor, type QuestionWithKey } from '../questions/index.js';

/** The questions of a new attempt as the examinee sees them, their keys and the total. */
export interface AttemptDraw {
  questions: DrawnQuestion[];
  keys: QuestionKey[];
  total: number;
}

/**
 * The tables a draw reads (papers with their parts, the bank's questions and classifications): their
 * versions in `table_versions` (bumped by every writing statement) are the version of every paper.
 */
export const DRAW_TABLES = ['papers', 'questions', 'question_categories'] as const;

/** Papers kept in memory; beyond, the cache starts again. */
const MAX_PAPERS = 200;

interface Entry {
  version: string;
  plan: PaperPlan;
  /** Faces and keys of the questions drawn so far (all of a fixed paper's). */
  questions: Map<number, QuestionWithKey>;
  /** A paper without rules: its one draw, handed to every attempt. */
  fixed?: AttemptDraw;
}

/**
 * Draws of attempts from papers read once per paper version (the 5,000 starts of an exam day read
 * the paper once, not once each): a fixed paper's draw is made once and given to every attempt; a
 * random one keeps its rules' candidates and draws in memory per seed (random per examinee), reading
 * the faces and keys of questions it has not drawn before in one statement. The caller reads the
 * version (`tableVersionsSql(DRAW_TABLES)`) in its own statement of the transaction that stores the draw.
 */
export function createAttemptDraws() {
  const entries = new Map<number, Entry>();

  async function entryOf(db: DbOrTx, paperId: number, version: string): Promise<Entry> {
    const cached = entries.get(paperId);
    if (cached && cached.version === version) return cached;
    const plan = await paperPlan(db, paperId);
    const entry: Entry = {
      version,
      plan,
      questions: await questionKeysFor(
        db,
        plan.items.map((i) => i.questionId),
      ),
    };
    if (entries.size >= MAX_PAPERS) entries.clear();
    entries.set(paperId, entry);
    return entry;
  }

  return async function draw(db: DbOrTx, paperId: number, version: string, seed: string): Promise<AttemptDraw> {
    const e = await entryOf(db, paperId, version);
    if (e.fixed) return e.fixed;
    const picks = drawPlan(e.plan, seed);
    const missing = picks.flat().filter((id) => !e.questions.has(id));
    if (missing.length) for (const [id, q] of await questionKeysFor(db, missing)) e.questions.set(id, q);
    const parts: [number, number][] = [
      ...e.plan.items.map((i): [number, number] => [i.questionId, i.score]),
      ...e.plan.rules.flatMap((r, k) => picks[k].map((id): [number, number] => [id, r.score])),
    ];
    // A question deleted since the paper named it.
    if (parts.some(([id]) => !e.questions.has(id))) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'examId' });
    const drawn: AttemptDraw = {
      questions: parts.map(([id, score], i) => ({ ...getKnown(e.questions, id, 'question').face, score, position: i + 1 })),
      keys: parts.map(([id, score]) => ({ ...getKnown(e.questions, id, 'question').key, score })),
      total: e.plan.total,
    };
    if (!e.plan.rules.length) e.fixed = drawn;
    return drawn;
  };
}
