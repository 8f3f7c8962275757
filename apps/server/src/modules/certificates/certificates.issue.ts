import type { CertificateSourceKind } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import * as repo from './certificates.repository.js';

export interface IssueCertificateInput {
  templateId: number;
  userId: number;
  source: { kind: CertificateSourceKind; id: number; title: string };
}

/**
 * Issues the template's certificate to a user for a passed course or exam. Call it with the
 * caller's transaction (or the db after commit). Idempotent per (template, user, source): a
 * second call returns the first certificate. Unknown template: NOT_FOUND_ERROR (field templateId).
 */
export async function issueCertificate(db: DbOrTx, input: IssueCertificateInput): Promise<{ id: number; number: string; created: boolean }> {
  const tpl = await repo.templateValidity(db, input.templateId);
  if (!tpl) throw new AppError('NOT_FOUND_ERROR', { field: 'templateId' });
  const { id, created } = await repo.insertCertificateOnce(db, {
    templateId: input.templateId,
    userId: input.userId,
    sourceKind: input.source.kind,
    sourceId: input.source.id,
    sourceTitle: input.source.title.slice(0, 200),
    validityMonths: tpl.validityMonths,
  });
  const row = await repo.getIssued(db, id);
  return { id, number: row!.number, created };
}
