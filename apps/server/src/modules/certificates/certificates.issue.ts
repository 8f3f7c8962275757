import { randomInt } from 'node:crypto';
import {
  CERTIFICATE_NUMBER_ALPHABET,
  CERTIFICATE_NUMBER_RANDOM_LENGTH,
  certificateStatus,
  formatCertificateNumber,
  type CertificateRef,
  type CertificateSourceKind,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { sendMessage } from '../messages/index.js';
import * as repo from './certificates.repository.js';

export interface IssueCertificateInput {
  templateId: number;
  userId: number;
  source: { kind: CertificateSourceKind; id: number; title: string };
  /**
   * One certificate per (user, source) whatever the template: a certificate the user already holds for the
   * source (issued under a template the source named before) is answered instead of a new one. The caller
   * serializes its calls for one user and source (a row lock), as the check and the insert are two statements.
   */
  onePerSource?: boolean;
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
  if (input.onePerSource) {
    const [held] = await repo.heldForSources(db, input.userId, input.source.kind, [input.source.id]);
    if (held) return { id: held.id, number: held.number, created: false };
  }
  const tpl = await repo.templateForIssue(db, input.templateId);
  if (!tpl) throw new AppError('NOT_FOUND_ERROR', { field: 'templateId' });
  const title = input.source.title.slice(0, 200);
  const { id, created } = await repo.insertCertificateOnce(db, {
    number: newCertificateNumber(),
    templateId: input.templateId,
    userId: input.userId,
    sourceKind: input.source.kind,
    sourceId: input.source.id,
    sourceTitle: title,
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
  // The holder hears of a new certificate in the same transaction: a rolled-back issue tells nobody.
  if (created) {
    await sendMessage(db, {
      to: [input.userId],
      template: 'certificateIssued',
      kind: input.source.kind,
      params: { title, number: row.number },
    });
  }
  return { id, number: row.number, created };
}

/**
 * The user's certificates issued for sources of one kind (the newest per source, revoked or expired ones
 * with their status), keyed by source id: pages of other modules link them (a training row, a class detail).
 */
export async function certificatesForSources(db: DbOrTx, input: { userId: number; kind: CertificateSourceKind; sourceIds: number[] }): Promise<Map<number, CertificateRef>> {
  const rows = await repo.heldForSources(db, input.userId, input.kind, [...new Set(input.sourceIds)]);
  const out = new Map<number, CertificateRef>();
  for (const r of rows) if (!out.has(r.sourceId)) out.set(r.sourceId, { id: r.id, number: r.number, status: certificateStatus(r) });
  return out;
}
