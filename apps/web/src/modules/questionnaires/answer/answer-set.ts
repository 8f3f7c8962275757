import { checkAnswers, isAsked, isItemShown, type AnswerProblem, type AnswerSet, type ItemAnswer, type QuestionnaireItem } from '@hanlin/shared';

/** Whether an answer says nothing (no pick, blank text, no matrix row): such an answer is not kept. */
export function isBlankAnswer(a: ItemAnswer | undefined): boolean {
  if (!a) return true;
  if ('picks' in a) return a.picks.length === 0;
  if ('text' in a) return a.text.trim() === '';
  if ('rows' in a) return a.rows.every((r) => r === null);
  return false;
}

/**
 * The answers to keep or send: those of questions shown for these answers (the same `isItemShown`
 * the server checks with), blanks left out. A question hidden by a changed choice loses its answer.
 */
export function shownAnswers(items: readonly QuestionnaireItem[], answers: AnswerSet): AnswerSet {
  const out: AnswerSet = {};
  for (const item of items) {
    const a = answers[item.key];
    if (a === undefined || !isAsked(item) || isBlankAnswer(a) || !isItemShown(items, answers, item.key)) continue;
    out[item.key] = a;
  }
  return out;
}

/**
 * The first problem of each question (the shared `checkAnswers` the server refuses a submission
 * with), by item key. `partial` (a draft) skips the required check.
 */
export function answerProblems(items: readonly QuestionnaireItem[], answers: AnswerSet, opts: { partial?: boolean } = {}): Record<string, AnswerProblem> {
  const out: Record<string, AnswerProblem> = {};
  for (const issue of checkAnswers(items, answers, opts)) out[issue.key] ??= issue.problem;
  return out;
}
