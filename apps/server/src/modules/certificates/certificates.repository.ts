import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type CERTIFICATE_ISSUED_SORT_KEYS,
  type CERTIFICATE_SORT_KEYS,
  type CertificateIssuedListQuery,
  type CertificateMyQuery,
  type CertificateSourceKind,
} from '@hanlin/shared';
import { pageWithTotal } from '../../platform/paging.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, rowExists, updateRow } from '../../platform/table-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { lockOrgRows, lockOrgRowsThrough } from '../../platform/org-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { certificates, certificateTemplates, type CertificateDesign } from './certificates.schema.js';

const issuedCount = sql<number>`(select count(*)::int from ${certificates} where ${certificates.templateId} = ${certificateTemplates.id})`;

const templateColumns = {
  id: certificateTemplates.id,
  name: certificateTemplates.name,
  thumbnail: certificateTemplates.thumbnail,
  authority: certificateTemplates.authority,
  language: certificateTemplates.language,
  validityMonths: certificateTemplates.validityMonths,
  background: certificateTemplates.background,
  pageWidth: certificateTemplates.pageWidth,
  pageHeight: certificateTemplates.pageHeight,
  layout: certificateTemplates.layout,
  orgId: certificateTemplates.orgId,
  orgName: sql<string | null>`${organizations.name}`,
  orgPath: sql<string | null>`${organizations.path}`,
  createdBy: certificateTemplates.createdBy,
  creatorName: sql<string | null>`${users.realname}`,
  createdAt: certificateTemplates.createdAt,
  updatedAt: certificateTemplates.updatedAt,
  issuedCount,
};

/** Templates of organizations inside the caller's data scope. */
export const certificateTemplateList = defineList({
  name: 'certificate_template_list',
  table: certificateTemplates,
  tables: ['certificate_templates', 'organizations'],
  scope: { column: certificateTemplates.orgId, nullable: true },
  filters: {
    validity: (v) => sql`case ${v}::text when 'permanent' then ${certificateTemplates.validityMonths} is null else ${certificateTemplates.validityMonths} is not null end`,
  },
  keyword: (pattern) => sql`(${certificateTemplates.name} ilike ${pattern} or ${certificateTemplates.authority} ilike ${pattern})`,
  sort: {
    id: certificateTemplates.id,
    name: certificateTemplates.name,
    createdAt: certificateTemplates.createdAt,
    updatedAt: certificateTemplates.updatedAt,
  } satisfies Record<(typeof CERTIFICATE_SORT_KEYS)[number], unknown>,
  columns: templateColumns,
  join: (q) => q.leftJoin(users, eq(users.id, certificateTemplates.createdBy)).leftJoin(organizations, eq(organizations.id, certificateTemplates.orgId)),
});
export type TemplateListRow = Awaited<ReturnType<typeof certificateTemplateList.rowsOf>>[number];

/** Templates locked for a change, with their organization's path for the scope check. */
export function lockTemplates(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, certificateTemplates, ids, ['name', 'background', 'thumbnail']);
}

/** Ids among `ids` that some issued certificate uses. */
export async function templatesInUse(tx: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await tx.selectDistinct({ id: certificates.templateId }).from(certificates).where(inArray(certificates.templateId, ids));
  return rows.map((r) => r.id);
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  return rowExists(db, certificateTemplates, eq(certificateTemplates.name, name), exceptId);
}

export async function insertTemplate(db: DbOrTx, values: typeof certificateTemplates.$inferInsert) {
  return insertRow(db, certificateTemplates, values);
}

export async function updateTemplate(db: DbOrTx, id: number, set: Partial<typeof certificateTemplates.$inferInsert>) {
  await updateRow(db, certificateTemplates, id, set);
}

// ---- issued certificates ----

const issuedColumns = {
  id: certificates.id,
  number: certificates.number,
  templateId: certificates.templateId,
  templateName: certificates.templateName,
  authority: certificates.authority,
  thumbnail: certificates.thumbnail,
  design: certificates.design,
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
  return db.select(issuedColumns).from(certificates).innerJoin(users, eq(users.id, certificates.userId)).leftJoin(organizations, eq(organizations.id, users.orgId));
}
export type IssuedRow = Awaited<ReturnType<ReturnType<typeof issuedFrom>['execute']>>[number];

/**
 * The holder's organization: the data scope of issued certificates. A correlated subquery, since
 * the list's WHERE (and its count) reads the certificates table alone.
 */
const holderOrg = sql`(select u.org_id from users u where u.id = ${certificates.userId})`;

/** Issued certificates of holders inside the caller's data scope. */
export const certificateIssuedList = defineList({
  name: 'certificate_issued_list',
  table: certificates,
  tables: ['certificates', 'users', 'organizations'],
  scope: { column: holderOrg },
  filters: {
    templateId: (v) => eq(certificates.templateId, v),
    userId: (v) => eq(certificates.userId, v),
    status: (v) => sql`case ${v}::text
      when 'revoked' then ${certificates.revokedAt} is not null
      when 'valid' then ${certificates.revokedAt} is null and (${certificates.expiresAt} is null or ${certificates.expiresAt} > now())
      else ${certificates.revokedAt} is null and ${certificates.expiresAt} <= now() end`,
  },
  keyword: (pattern) =>
    sql`(${certificates.number} ilike ${pattern} or ${certificates.sourceTitle} ilike ${pattern}
      or exists (select 1 from users u where u.id = ${certificates.userId} and (u.realname ilike ${pattern} or u.username ilike ${pattern})))`,
  sort: { id: certificates.id, issuedAt: certificates.issuedAt, expiresAt: certificates.expiresAt } satisfies Record<(typeof CERTIFICATE_ISSUED_SORT_KEYS)[number], unknown>,
  columns: issuedColumns,
  join: (q) => q.innerJoin(users, eq(users.id, certificates.userId)).leftJoin(organizations, eq(organizations.id, users.orgId)),
  plan: { adaptive: true },
});

export function findIssued(lists: ListRuntime, principal: Principal, q: CertificateIssuedListQuery) {
  return certificateIssuedList.run(lists, principal, q);
}
export type IssuedListRow = Awaited<ReturnType<typeof findIssued>>['records'][number];

export async function findMine(db: DbOrTx, userId: number, q: CertificateMyQuery) {
  const cond = eq(certificates.userId, userId);
  return pageWithTotal(
    issuedFrom(db).where(cond).orderBy(desc(certificates.issuedAt), desc(certificates.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificates)
      .where(cond),
    q,
  );
}

export async function getIssued(db: DbOrTx, id: number) {
  const [row] = await issuedFrom(db).where(eq(certificates.id, id));
  return row ?? null;
}

export async function getIssuedByNumber(db: DbOrTx, number: string) {
  const [row] = await issuedFrom(db).where(eq(certificates.number, number));
  return row ?? null;
}

export const lockIssued = (tx: DbOrTx, ids: number[]) =>
  lockOrgRowsThrough(tx, certificates, ids, ['revokedAt'], { table: users, on: eq(users.id, certificates.userId), orgId: users.orgId });

export async function revokeIssued(tx: DbOrTx, ids: number[]) {
  return tx
    .update(certificates)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(certificates.id, ids), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
}

/** What a certificate copies from its template at issue, read under a share lock (an edit waits for the issue, or the issue for the edit). */
export async function templateForIssue(db: DbOrTx, templateId: number) {
  const [row] = await db
    .select({
      name: certificateTemplates.name,
      authority: certificateTemplates.authority,
      thumbnail: certificateTemplates.thumbnail,
      validityMonths: certificateTemplates.validityMonths,
      language: certificateTemplates.language,
      pageWidth: certificateTemplates.pageWidth,
      pageHeight: certificateTemplates.pageHeight,
      layout: certificateTemplates.layout,
      backgroundKey: certificateTemplates.backgroundKey,
      backgroundMime: certificateTemplates.backgroundMime,
    })
    .from(certificateTemplates)
    .where(eq(certificateTemplates.id, templateId))
    .for('share');
  return row ?? null;
}

/** Inserts a certificate unless one exists for (template, user, source); answers its id and whether it is new. */
export async function insertCertificateOnce(
  db: DbOrTx,
  v: {
    number: string;
    templateId: number;
    userId: number;
    sourceKind: CertificateSourceKind;
    sourceId: number;
    sourceTitle: string;
    validityMonths: number | null;
    snapshot: { templateName: string; authority: string; thumbnail: string | null; design: CertificateDesign };
  },
) {
  const [row] = await db
    .insert(certificates)
    .values({
      number: v.number,
      templateId: v.templateId,
      userId: v.userId,
      sourceKind: v.sourceKind,
      sourceId: v.sourceId,
      sourceTitle: v.sourceTitle,
      ...v.snapshot,
      expiresAt: v.validityMonths === null ? null : sql`now() + make_interval(months => ${v.validityMonths}::int)`,
    })
    .onConflictDoNothing({ target: [certificates.templateId, certificates.userId, certificates.sourceKind, certificates.sourceId] })
    .returning({ id: certificates.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(eq(certificates.templateId, v.templateId), eq(certificates.userId, v.userId), eq(certificates.sourceKind, v.sourceKind), eq(certificates.sourceId, v.sourceId)),
    );
  return { id: existing.id, created: false };
}

/** A user's certificates for sources of one kind, newest first (served by `certificates_user_idx`). */
export function heldForSources(db: DbOrTx, userId: number, kind: CertificateSourceKind, sourceIds: number[]) {
  if (!sourceIds.length) return Promise.resolve([]);
  return db
    .select({ id: certificates.id, number: certificates.number, sourceId: certificates.sourceId, expiresAt: certificates.expiresAt, revokedAt: certificates.revokedAt })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.sourceKind, kind), inArray(certificates.sourceId, sourceIds)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}
