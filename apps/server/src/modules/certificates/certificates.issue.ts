import { randomInt } from 'node:crypto';
import { CERTIFICATE_NUMBER_ALPHABET, CERTIFICATE_NUMBER_RANDOM_LENGTH, formatCertificateNumber, type CertificateSourceKind } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import * as repo from './certificates.repository.js';

export interface IssueCertificateInput {
  templateId: number;
  userId: number;
  source: { kind: CertificateSourceKind; id: number; title: string };
}

/** A new number: this year's, 11 characters from a cryptographic source (55 bits) and the check character. */
export function newCertificateNumber(now = new Date()): string {
  let random = '';
  for (let i = 0; i < CERTIFICATE_NUMBER_RANDOM_LENGTH; i++) random += CERTIFICATE_NUMBER_ALPHABET[randomInt(CERTIFICATE_NUMBER_ALPHABET.length)];
  return formatCertificateNumber(now.getUTCFullYear(), random);
}

/**
 * Issues the template's certificate to a user for a passed course or exam. Call it with the
 * caller's transaction (or the db after commit). Idempotent per (template, user, source): a
 * second call returns the first certificate. The certificate keeps the template's name,
 * authority, thumbnail and design as they are now. Unknown template: NOT_FOUND_ERROR (field templateId).
 */
export async function issueCertificate(db: DbOrTx, input: IssueCertificateInput): Promise<{ id: number; number: string; created: boolean }> {
  const tpl = await repo.templateForIssue(db, input.templateId);
  if (!tpl) throw new AppError('NOT_FOUND_ERROR', { field: 'templateId' });
  const { id, created } = await repo.insertCertificateOnce(db, {
    number: newCertificateNumber(),
    templateId: input.templateId,
    userId: input.userId,
    sourceKind: input.source.kind,
    sourceId: input.source.id,
    sourceTitle: input.source.title.slice(0, 200),
    validityMonths: tpl.validityMonths,
    snapshot: {
      templateName: tpl.name,
      authority: tpl.authority,
      thumbnail: tpl.thumbnail,
      design: {
        language: tpl.language,
        pageWidth: tpl.pageWidth,
        pageHeight: tpl.pageHeight,
        layout: tpl.layout,
        backgroundKey: tpl.backgroundKey,
        backgroundMime: tpl.backgroundMime,
      },
    },
  });
  const row = await repo.getIssued(db, id);
  return { id, number: row.number, created };
}
