import crypto from 'node:crypto';
import { countBlanks, type DrawnPaper, type DrawnQuestion, type ExamPaperInfoRow, type PaperKind, type QuestionType, getKnown } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import * as repo from './papers.repository.js';

/**
 * What an exam needs to know of a paper before scheduling or starting one (the shared shape exams answer);
 * `usable`: not deleted, not empty, and every random rule can still be drawn from its bank.
 */
export type ExamPaperInfo = ExamPaperInfoRow;

/**
 * Assigns each rule `count` distinct questions from its candidates (a question goes to one rule at
 * most): a maximum bipartite matching (Kuhn), each rule slot trying its candidates in the seed's
 * order, so the draw is random per seed, the same for the same seed, and succeeds whenever the
 * rules can be satisfied together at all. Answers the picks per rule, or the first rule left short.
 */
export function allocate(pools: { candidates: number[]; count: number }[], seed: string): { picks: number[][] } | { short: number } {
  const rank = new Map<number, string>();
  const rankOf = (id: number) => {
    let r = rank.get(id);
    if (r === undefined) rank.set(id, (r = crypto.createHash('sha256').update(`${seed}:${id}`).digest('hex').slice(0, 16)));
    return r;
  };
  const byRank = (a: number, b: number) => (rankOf(a) < rankOf(b) ? -1 : rankOf(a) > rankOf(b) ? 1 : a - b);
  // One slot per question a rule draws: its candidates in the seed's order, the question it holds.
  const slots: { rule: number; order: number[]; held?: number }[] = pools.flatMap((p, rule) => {
    const order = [...p.candidates].sort(byRank);
    return Array.from({ length: p.count }, () => ({ rule, order }));
  });
  const holder = new Map<number, (typeof slots)[number]>(); // question → slot
  const tryAssign = (slot: (typeof slots)[number], seen: Set<number>): boolean => {
    for (const q of slot.order) {
      if (seen.has(q)) continue;
      seen.add(q);
      const other = holder.get(q);
      if (other === undefined || tryAssign(other, seen)) {
        holder.set(q, slot);
        slot.held = q;
        return true;
      }
    }
    return false;
  };
  for (const slot of slots) if (!tryAssign(slot, new Set())) return { short: slot.rule };
  const picks = pools.map((_, rule) => slots.flatMap((s) => (s.rule === rule && s.held !== undefined ? [s.held] : [])));
  // Within a rule, the questions come in the seed's order.
  for (const list of picks) list.sort((a, b) => (rankOf(a) < rankOf(b) ? -1 : 1));
  return { picks };
}

/**
 * The candidates of every rule of a paper (its hand-picked questions left out). One rule after another: `db` may be a
 * transaction, whose one connection takes one statement at a time.
 */
export async function rulePools(db: DbOrTx, rules: (repo.RuleFilter & { count: number })[], exclude: number[]) {
  const pools: { candidates: number[]; count: number }[] = [];
  for (const r of rules) pools.push({ candidates: await repo.ruleCandidates(db, r, exclude), count: r.count });
  return pools;
}

/** Papers by id (unknown ids left out), deleted ones answering `usable: false`. */
export async function describePapers(db: DbOrTx, ids: number[]): Promise<Map<number, ExamPaperInfo>> {
  const out = new Map<number, ExamPaperInfo>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const rows = await repo.getPapers(db, unique);
  const rules = await repo.rulesOf(db, unique);
  const items = await repo.itemsOf(db, unique);
  for (const r of rows) {
    const mine = rules.filter((x) => x.paperId === r.id);
    let drawable = true;
    if (mine.length) {
      const pools = await rulePools(
        db,
        mine,
        items.filter((i) => i.paperId === r.id).map((i) => i.questionId),
      );
      drawable = 'picks' in allocate(pools, '');
    }
    out.set(r.id, {
      id: r.id,
      name: r.name,
      kind: r.kind,
      total: r.total,
      questionCount: r.questionCount,
      hasSubjective: r.hasSubjective,
      usable: !r.deletedAt && r.questionCount > 0 && drawable,
    });
  }
  return out;
}

/** What every draw of a paper shares, read once: its hand-picked questions and each rule's candidates. */
export interface PaperPlan {
  paperId: number;
  name: string;
  kind: PaperKind;
  total: number;
  /** The hand-picked questions in order, with their faces (no answers). */
  items: Omit<DrawnQuestion, 'position'>[];
  /** Each rule's score per question, how many it draws and the ids it draws from (hand-picked ones left out). */
  rules: { score: number; count: number; candidates: number[] }[];
}

const faceOf = (q: { type: QuestionType; stem: string; options: { content: string }[]; stars: number }) => ({
  type: q.type,
  stem: q.stem,
  options: q.options,
  blankCount: q.type === 'fill' ? countBlanks(q.stem) : 0,
  stars: q.stars,
});

/**
 * The plan of a paper (a handful of statements whatever its size). NOT_FOUND_ERROR for an unknown
 * paper; PAPER_DELETED_OR_EMPTY for a deleted or empty one.
 */
export async function paperPlan(db: DbOrTx, paperId: number): Promise<PaperPlan> {
  const [paper] = await repo.getPapers(db, [paperId]);
  if (!paper) throw new AppError('NOT_FOUND_ERROR', { field: 'paperId' });
  if (paper.deletedAt || paper.questionCount === 0) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'paperId' });
  const items = await repo.itemsOf(db, [paperId]);
  const rules = await repo.rulesOf(db, [paperId]);
  const pools = await rulePools(
    db,
    rules,
    items.map((i) => i.questionId),
  );
  return {
    paperId,
    name: paper.name,
    kind: paper.kind,
    total: paper.total,
    items: items.map((i) => ({ questionId: i.questionId, score: i.score, ...faceOf(i) })),
    rules: rules.map((r, k) => ({ score: r.score, count: r.count, candidates: pools[k].candidates })),
  };
}

/**
 * The ids each rule of the plan draws for `seed`, in memory (random per seed, the same for the same
 * seed while the bank is unchanged). PAPER_DELETED_OR_EMPTY when the bank can no longer fill the rules.
 */
export function drawPlan(plan: PaperPlan, seed: string): number[][] {
  if (!plan.rules.length) return [];
  const drawn = allocate(plan.rules, seed);
  if ('short' in drawn) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'paperId', data: { rule: drawn.short } });
  return drawn.picks;
}

/**
 * The questions of one attempt: hand-picked ones in order, then each rule's draw for `seed`
 * (the same seed draws the same questions while the bank is unchanged; store the result with the
 * attempt). Faces only, no answers. NOT_FOUND_ERROR for an unknown paper; PAPER_DELETED_OR_EMPTY
 * for a deleted or empty one or one whose rules the bank can no longer satisfy.
 */
export async function drawPaper(db: DbOrTx, paperId: number, seed: string): Promise<DrawnPaper> {
  const plan = await paperPlan(db, paperId);
  const picks = drawPlan(plan, seed);
  const faces = await repo.questionFaces(db, picks.flat());
  const questions: DrawnQuestion[] = [
    ...plan.items,
    ...plan.rules.flatMap((r, k) => picks[k].map((id) => ({ questionId: id, score: r.score, ...faceOf(getKnown(faces, id, 'question')) }))),
  ].map((q, position) => ({ ...q, position: position + 1 }));
  return { paperId, name: plan.name, kind: plan.kind, total: plan.total, questions };
}

/** Papers to pick from by name for an exam (not deleted), newest first, described as `describePapers` does. */
export async function searchPapers(db: DbOrTx, keyword: string | undefined, limit: number): Promise<ExamPaperInfo[]> {
  const ids = await repo.searchPaperIds(db, keyword, limit);
  const found = await describePapers(db, ids);
  return ids.flatMap((id) => {
    const paper = found.get(id);
    return paper ? [paper] : [];
  });
}
