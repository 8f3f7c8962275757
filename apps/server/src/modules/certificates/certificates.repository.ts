import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CERTIFICATE_ISSUED_SORT_KEYS,
  CERTIFICATE_SORT_KEYS,
  parseSort,
  type CertificateIssuedListQuery,
  type CertificateMyQuery,
  type CertificateTemplateListQuery,
} from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { escapeLike } from '../../platform/db/pg-errors.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { certificates, certificateTemplates } from './certificates.schema.js';

const issuedCount = sql<number>`(select count(*)::int from ${certificates} where ${certificates.templateId} = ${certificateTemplates.id})`;

const templateColumns = {
  id: certificateTemplates.id,
  name: certificateTemplates.name,
  thumbnail: certificateTemplates.thumbnail,
  authority: certificateTemplates.authority,
  validityMonths: certificateTemplates.validityMonths,
  background: certificateTemplates.background,
  pageWidth: certificateTemplates.pageWidth,
  pageHeight: certificateTemplates.pageHeight,
  layout: certificateTemplates.layout,
  createdBy: certificateTemplates.createdBy,
  creatorName: users.realname,
  createdAt: certificateTemplates.createdAt,
  updatedAt: certificateTemplates.updatedAt,
  issuedCount,
};

const templateSort = {
  id: certificateTemplates.id,
  name: certificateTemplates.name,
  createdAt: certificateTemplates.createdAt,
  updatedAt: certificateTemplates.updatedAt,
} as const;

/** Templates are platform-wide (system menu): no organization scope. */
export async function findTemplates(db: DbOrTx, q: CertificateTemplateListQuery) {
  const where: (SQL | undefined)[] = [];
  if (q.keyword) where.push(or(ilike(certificateTemplates.name, `%${escapeLike(q.keyword)}%`), ilike(certificateTemplates.authority, `%${escapeLike(q.keyword)}%`)));
  if (q.validity === 'permanent') where.push(isNull(certificateTemplates.validityMonths));
  if (q.validity === 'limited') where.push(isNotNull(certificateTemplates.validityMonths));
  const cond = and(...where);
  const { key, desc: isDesc } = parseSort(q.sort, CERTIFICATE_SORT_KEYS, 'id');
  const col = templateSort[key];
  const order = isDesc ? [desc(col), desc(certificateTemplates.id)] : [asc(col), asc(certificateTemplates.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select(templateColumns)
      .from(certificateTemplates)
      .leftJoin(users, eq(users.id, certificateTemplates.createdBy))
      .where(cond)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(certificateTemplates).where(cond),
  ]);
  return { rows, total: counted!.total };
}
export type TemplateListRow = Awaited<ReturnType<typeof findTemplates>>['rows'][number];

export async function getTemplate(db: DbOrTx, id: number) {
  const [row] = await db.select(templateColumns).from(certificateTemplates).leftJoin(users, eq(users.id, certificateTemplates.createdBy)).where(eq(certificateTemplates.id, id));
  return row ?? null;
}

/** Everything the PDF needs from a template. */
export async function getTemplateForRender(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: certificateTemplates.id,
      name: certificateTemplates.name,
      authority: certificateTemplates.authority,
      validityMonths: certificateTemplates.validityMonths,
      backgroundKey: certificateTemplates.backgroundKey,
      backgroundMime: certificateTemplates.backgroundMime,
      pageWidth: certificateTemplates.pageWidth,
      pageHeight: certificateTemplates.pageHeight,
      layout: certificateTemplates.layout,
    })
    .from(certificateTemplates)
    .where(eq(certificateTemplates.id, id));
  return row ?? null;
}

export async function lockTemplates(tx: DbOrTx, ids: number[]) {
  return tx
    .select({ id: certificateTemplates.id, name: certificateTemplates.name, background: certificateTemplates.background, thumbnail: certificateTemplates.thumbnail })
    .from(certificateTemplates)
    .where(inArray(certificateTemplates.id, ids))
    .orderBy(asc(certificateTemplates.id))
    .for('update');
}

/** Ids among `ids` that some issued certificate uses. */
export async function templatesInUse(tx: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await tx.selectDistinct({ id: certificates.templateId }).from(certificates).where(inArray(certificates.templateId, ids));
  return rows.map((r) => r.id);
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: certificateTemplates.id })
    .from(certificateTemplates)
    .where(and(eq(certificateTemplates.name, name), exceptId ? sql`${certificateTemplates.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

export async function insertTemplate(db: DbOrTx, values: typeof certificateTemplates.$inferInsert) {
  const [row] = await db.insert(certificateTemplates).values(values).returning({ id: certificateTemplates.id });
  return row!.id;
}

export async function updateTemplate(db: DbOrTx, id: number, set: Partial<typeof certificateTemplates.$inferInsert>) {
  await db
    .update(certificateTemplates)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(certificateTemplates.id, id));
}

export async function deleteTemplates(tx: DbOrTx, ids: number[]) {
  return tx.delete(certificateTemplates).where(inArray(certificateTemplates.id, ids)).returning({ id: certificateTemplates.id });
}

// ---- issued certificates ----

const issuedColumns = {
  id: certificates.id,
  number: certificates.number,
  templateId: certificates.templateId,
  templateName: certificateTemplates.name,
  authority: certificateTemplates.authority,
  thumbnail: certificateTemplates.thumbnail,
  userId: certificates.userId,
  username: users.username,
  realname: users.realname,
  orgName: organizations.name,
  orgPath: organizations.path,
  sourceKind: certificates.sourceKind,
  sourceId: certificates.sourceId,
  sourceTitle: certificates.sourceTitle,
  issuedAt: certificates.issuedAt,
  expiresAt: certificates.expiresAt,
  revokedAt: certificates.revokedAt,
};

function issuedFrom(db: DbOrTx) {
  return db
    .select(issuedColumns)
    .from(certificates)
    .innerJoin(certificateTemplates, eq(certificateTemplates.id, certificates.templateId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(organizations, eq(organizations.id, users.orgId));
}
export type IssuedRow = Awaited<ReturnType<ReturnType<typeof issuedFrom>['execute']>>[number];

const issuedSort = { id: certificates.id, issuedAt: certificates.issuedAt, expiresAt: certificates.expiresAt } as const;

/** Issued certificates of holders inside the caller's data scope. */
export async function findIssued(db: DbOrTx, principal: Principal, q: CertificateIssuedListQuery) {
  const where: (SQL | undefined)[] = [inScope(principal, users.orgId)];
  if (q.templateId) where.push(eq(certificates.templateId, q.templateId));
  if (q.userId) where.push(eq(certificates.userId, q.userId));
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(certificates.number, k), ilike(users.realname, k), ilike(users.username, k), ilike(certificates.sourceTitle, k)));
  }
  if (q.status === 'revoked') where.push(isNotNull(certificates.revokedAt));
  if (q.status === 'valid') where.push(isNull(certificates.revokedAt), sql`(${certificates.expiresAt} is null or ${certificates.expiresAt} > now())`);
  if (q.status === 'expired') where.push(isNull(certificates.revokedAt), sql`${certificates.expiresAt} <= now()`);
  const cond = and(...where);
  const { key, desc: isDesc } = parseSort(q.sort, CERTIFICATE_ISSUED_SORT_KEYS, 'id');
  const col = issuedSort[key];
  const order = isDesc ? [sql`${col} desc nulls last`, desc(certificates.id)] : [asc(col), asc(certificates.id)];
  const [rows, [counted]] = await Promise.all([
    issuedFrom(db).where(cond).orderBy(...order).limit(q.size).offset((q.page - 1) * q.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(cond),
  ]);
  return { rows, total: counted!.total };
}

export async function findMine(db: DbOrTx, userId: number, q: CertificateMyQuery) {
  const cond = eq(certificates.userId, userId);
  const [rows, [counted]] = await Promise.all([
    issuedFrom(db).where(cond).orderBy(desc(certificates.issuedAt), desc(certificates.id)).limit(q.size).offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(certificates).where(cond),
  ]);
  return { rows, total: counted!.total };
}

export async function getIssued(db: DbOrTx, id: number) {
  const [row] = await issuedFrom(db).where(eq(certificates.id, id));
  return row ?? null;
}

export async function getIssuedByNumber(db: DbOrTx, number: string) {
  const [row] = await issuedFrom(db).where(eq(certificates.number, number));
  return row ?? null;
}

export async function lockIssued(tx: DbOrTx, ids: number[]) {
  return tx
    .select({ id: certificates.id, revokedAt: certificates.revokedAt, orgPath: organizations.path })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(inArray(certificates.id, ids))
    .orderBy(asc(certificates.id))
    .for('update', { of: certificates });
}

export async function revokeIssued(tx: DbOrTx, ids: number[]) {
  return tx
    .update(certificates)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(certificates.id, ids), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
}

export async function templateValidity(db: DbOrTx, templateId: number) {
  const [row] = await db.select({ validityMonths: certificateTemplates.validityMonths }).from(certificateTemplates).where(eq(certificateTemplates.id, templateId)).for('share');
  return row ?? null;
}

/**
 * Inserts a certificate unless one exists for (template, user, source); the number's serial
 * comes from a sequence, so parallel issues never collide.
 */
export async function insertCertificateOnce(
  db: DbOrTx,
  v: { templateId: number; userId: number; sourceKind: string; sourceId: number; sourceTitle: string; validityMonths: number | null },
) {
  const [row] = await db
    .insert(certificates)
    .values({
      number: sql`'HL-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('certificate_numbers')::text, 6, '0')`,
      templateId: v.templateId,
      userId: v.userId,
      sourceKind: v.sourceKind,
      sourceId: v.sourceId,
      sourceTitle: v.sourceTitle,
      expiresAt: v.validityMonths === null ? null : sql`now() + make_interval(months => ${v.validityMonths}::int)`,
    })
    .onConflictDoNothing({ target: [certificates.templateId, certificates.userId, certificates.sourceKind, certificates.sourceId] })
    .returning({ id: certificates.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.templateId, v.templateId), eq(certificates.userId, v.userId), eq(certificates.sourceKind, v.sourceKind), eq(certificates.sourceId, v.sourceId)));
  return { id: existing!.id, created: false };
}
