/** An exam a student can take right now, built through the API (its start moved back in SQL instead of waiting for the clock). */
import pg from 'pg';
import { inject } from 'vitest';
import { createApprovedQuestions, post, uniq, type Session } from './api';

export interface OpenExam {
  examId: number;
  name: string;
  stems: { single: string; judgment: string };
}

/**
 * A published exam of one single-choice question ("Green zone" right, "Red zone" wrong) and one
 * true/false question (true), all on one page, open to the organization `orgId` since a minute ago.
 */
export async function openExam(admin: Session, orgId: number, prefix = 'Open exam '): Promise<OpenExam> {
  const { id: bank } = await post<{ id: number }>(admin, 'question-sort/insert', { name: uniq('Bank ').slice(0, 20) });
  const stems = { single: uniq('Which zone shows a full extinguisher '), judgment: uniq('Gas is tested before a confined space ') };
  const ids = await createApprovedQuestions(admin, [
    { type: 'single', categoryId: bank, stem: stems.single, score: 5, options: [{ content: 'Green zone' }, { content: 'Red zone' }], answers: ['A'] },
    { type: 'judgment', categoryId: bank, stem: stems.judgment, score: 5, answers: ['T'] },
  ]);
  const paper = await post<{ id: number }>(admin, 'paper/insert', { name: uniq('Paper '), kind: 'fixed', items: ids.map((questionId) => ({ questionId, score: 5 })) });
  const name = uniq(prefix);
  const { id: examId } = await post<{ id: number }>(admin, 'exam/insert', {
    name,
    startAt: new Date(Date.now() + 120_000).toISOString(),
    endAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    duration: 30,
    passPercent: 60,
    attempts: 1,
    paperId: paper.id,
    answerMode: 'whole',
    audience: [{ type: 'org', id: orgId }],
  });
  await post(admin, 'exam/publish', { ids: [examId] });
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    await db.query(`update exams set start_at = now() - interval '1 minute' where id = $1`, [examId]);
  } finally {
    await db.end();
  }
  return { examId, name, stems };
}
