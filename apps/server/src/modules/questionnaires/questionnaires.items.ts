import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isAsked, type QuestionnaireItem } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { IdTable } from '../../platform/table-rows.js';

/**
 * Questionnaire items live as one JSON column (`items`, shared `QuestionnaireItemsSchema`) on the
 * record that asks them: a template here, a survey (its copy) in the surveys module, training
 * satisfaction later. These read and check that column the same way for each.
 */

/** The items of the row `id` of such a table (undefined when there is none). */
export async function storedItems(
  db: DbOrTx,
  table: IdTable & { items: AnyPgColumn<{ data: QuestionnaireItem[]; notNull: true }> },
  id: number,
): Promise<QuestionnaireItem[] | undefined> {
  const [row] = await db.select({ items: table.items }).from(table).where(eq(table.id, id));
  return row?.items;
}

/** Publishing needs a question (a section alone asks nothing): CONTENT_INCOMPLETE naming the rows without one (spec §8). */
export function requireQuestions(rows: readonly { id: number; items: readonly QuestionnaireItem[] }[]) {
  const empty = rows.filter((r) => !r.items.some(isAsked)).map((r) => r.id);
  if (empty.length) throw new AppError('CONTENT_INCOMPLETE', { field: 'items', data: { ids: empty } });
}
