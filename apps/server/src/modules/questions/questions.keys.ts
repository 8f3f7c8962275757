import { inArray } from 'drizzle-orm';
import type { QuestionType } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { questions } from './questions.schema.js';

/** The answer key of questions as they are now (an exam attempt snapshots it when drawn); the score is the paper's, not here. */
export interface QuestionKeyRow {
  id: number;
  type: QuestionType;
  answers: string[];
  blanks: string[][];
  keywords: string;
  autoScore: boolean;
  answerText: string;
  analysis: string;
}

/** Answer keys by question id (unknown ids left out). */
export async function questionKeys(db: DbOrTx, ids: number[]): Promise<Map<number, QuestionKeyRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      answers: questions.answers,
      blanks: questions.blanks,
      keywords: questions.keywords,
      autoScore: questions.autoScore,
      answerText: questions.answerText,
      analysis: questions.analysis,
    })
    .from(questions)
    .where(inArray(questions.id, unique));
  return new Map(rows.map((r) => [r.id, { ...r, type: r.type as QuestionType }]));
}
