import { eq } from 'drizzle-orm';
import type { QuestionnaireItem } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { requireInScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { categoryTree } from './questionnaires.repository.js';
import { questionnaires } from './questionnaires.schema.js';

/**
 * The items of a published template in the caller's data scope, for a survey built from it:
 * NOT_FOUND_ERROR, NO_DATA_PERMISSION_ERROR or (not published) STATE_TRANSITION_INVALID, naming `field`.
 */
export async function findPublishedItems(db: DbOrTx, p: Principal, id: number, field: string): Promise<QuestionnaireItem[]> {
  const [row] = await db
    .select({ status: questionnaires.status, items: questionnaires.items, orgPath: organizations.path })
    .from(questionnaires)
    .leftJoin(organizations, eq(organizations.id, questionnaires.orgId))
    .where(eq(questionnaires.id, id));
  if (!row) throw new AppError('NOT_FOUND_ERROR', { field });
  requireInScope(p, row.orgPath, { field });
  if (row.status !== 'published') throw new AppError('STATE_TRANSITION_INVALID', { field, data: { ids: [id] } });
  return row.items;
}

/** A classification of the questionnaire tree, when one is named (NOT_FOUND_ERROR on `categoryId`). */
export async function requireQuestionnaireCategory(db: DbOrTx, categoryId: number | null | undefined) {
  if (categoryId != null) await categoryTree.mustGet(db, categoryId, 'categoryId');
}
