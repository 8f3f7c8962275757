import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import { requireOrgsInScope } from '../../platform/scope.js';
import { getRootOrg } from '../orgs/index.js';
import { certificateTemplates } from './certificates.schema.js';

/**
 * A course or exam may name a certificate template only within the caller's data scope (a branch
 * administrator cannot issue certificates under another branch's design and authority). A template
 * already there (`kept`) stays whoever set it. NOT_FOUND_ERROR / NO_DATA_PERMISSION_ERROR name `field`.
 */
export async function requireTemplateInScope(
  db: DbOrTx,
  principal: Pick<Principal, 'scopePaths'>,
  templateId: number | null | undefined,
  opts: { kept?: number | null; field?: string } = {},
): Promise<void> {
  if (templateId == null || templateId === opts.kept) return;
  const field = opts.field ?? 'certificateTemplateId';
  const [row] = await db.select({ orgId: certificateTemplates.orgId }).from(certificateTemplates).where(eq(certificateTemplates.id, templateId));
  if (!row) throw new AppError('NOT_FOUND_ERROR', { field });
  // A template without an owner (made outside the API) counts as the root organization's.
  const orgId = row.orgId ?? (await getRootOrg(db))?.id;
  if (orgId == null) throw new AppError('NO_DATA_PERMISSION_ERROR', { field });
  await requireOrgsInScope(db, principal, [orgId], { field });
}
