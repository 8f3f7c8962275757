import {
  CERTIFICATE_AUTHORITY_MAX,
  certificateStatus,
  maskHolderName,
  type CertificateCheckName,
  type CertificateIssuedAbilities,
  type CertificateIssuedListQuery,
  type CertificateIssuedRow,
  type CertificateLanguage,
  type CertificateMine,
  type CertificateMyQuery,
  type CertificateTemplateAbilities,
  type CertificateTemplateCreate,
  type CertificateTemplateRow,
  type CertificateTemplateUpdate,
  type CertificateVerification,
  type Page,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { Storage } from '../../platform/storage.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import { listReads, type ListRuntime } from '../../platform/list.js';
import { homeOrgInScope, requireInScope, scopedLock } from '../../platform/scope.js';
import { deleteRows } from '../../platform/table-rows.js';
import { readPlatformParams } from '../settings/index.js';
import { claimFile, linkFile, type FileSigner } from '../uploads/index.js';
import * as repo from './certificates.repository.js';
import { certificateTemplates } from './certificates.schema.js';
import { imageSize, pageSizeFor, renderCertificatePdf } from './certificates.pdf.js';
import { onlyRow } from '../../platform/db/rows.js';

const TEMPLATE_ABILITY_CODES: Record<keyof CertificateTemplateAbilities, string> = { modify: 'zsgl:modify', delete: 'zsgl:delete' };
const ISSUED_ABILITY_CODES: Record<keyof CertificateIssuedAbilities, string> = { revoke: 'zsgl:delete' };

/** A template any certificate was issued from is not deleted (its certificates are drawn from it). */
function templateAbilities(p: Principal, r: { issuedCount: number }): CertificateTemplateAbilities {
  return abilitiesOf({ modify: true, delete: true }, p.permissions, TEMPLATE_ABILITY_CODES, { delete: r.issuedCount === 0 });
}

/** A certificate is revoked once. */
function issuedAbilities(p: Principal, r: { revokedAt: Date | null }): CertificateIssuedAbilities {
  return abilitiesOf({ revoke: !r.revokedAt }, p.permissions, ISSUED_ABILITY_CODES);
}

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

interface Deps {
  db: Db;
  lists: ListRuntime;
  storage: Storage;
  signer: FileSigner;
}

export function createCertificatesService({ db, lists, storage, signer }: Deps) {
  /** An image the caller uploaded for certificates (JPG/PNG), or null when the field is empty. */
  async function claimImage(tx: DbOrTx, principal: Principal, ref: string | null | undefined, field: string) {
    const file = await claimFile(tx, principal, ref, { purpose: 'certificate', field, missing: 'FILE_TYPE_ERROR' });
    if (file && !IMAGE_MIMES.has(file.mime)) throw new AppError('FILE_TYPE_ERROR', { field });
    return file;
  }

  /** Background columns (storage key, type, page size) for a claimed image, or the default page. */
  async function backgroundOf(file: { key: string; mime: string } | null) {
    if (!file) return { backgroundKey: null, backgroundMime: null, ...toPage(pageSizeFor(null)) };
    const bytes = await readAll(storage, file.key);
    const size = bytes ? imageSize(bytes) : null;
    if (!size) throw new AppError('FILE_TYPE_ERROR', { field: 'background' });
    return { backgroundKey: file.key, backgroundMime: file.mime, ...toPage(pageSizeFor(size)) };
  }
  const toPage = (p: { width: number; height: number }) => ({ pageWidth: p.width, pageHeight: p.height });

  async function present(principal: Principal, r: repo.TemplateListRow): Promise<CertificateTemplateRow> {
    return {
      id: r.id,
      name: r.name,
      thumbnail: r.thumbnail,
      thumbnailUrl: await signer.publicUrlForRef(r.thumbnail),
      authority: r.authority,
      language: r.language,
      validityMonths: r.validityMonths,
      background: r.background,
      backgroundUrl: await signer.publicUrlForRef(r.background),
      pageWidth: r.pageWidth,
      pageHeight: r.pageHeight,
      layout: r.layout,
      issuedCount: r.issuedCount,
      orgId: r.orgId,
      orgName: r.orgName,
      createdBy: r.createdBy,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      abilities: templateAbilities(principal, r),
    };
  }

  function presentIssued(principal: Principal, r: repo.IssuedListRow): CertificateIssuedRow {
    return {
      id: r.id,
      number: r.number,
      templateId: r.templateId,
      templateName: r.templateName,
      userId: r.userId,
      username: r.username,
      realname: r.realname,
      orgName: r.orgName,
      sourceKind: r.sourceKind,
      sourceId: r.sourceId,
      sourceTitle: r.sourceTitle,
      issuedAt: r.issuedAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
      revokedAt: r.revokedAt?.toISOString() ?? null,
      status: certificateStatus(r),
      abilities: issuedAbilities(principal, r),
    };
  }

  /** Templates of organizations inside the caller's data scope: a page of them, or one (NO_DATA_PERMISSION_ERROR beyond it). */
  const templates = listReads(repo.certificateTemplateList, lists, (p, rows: repo.TemplateListRow[]) => Promise.all(rows.map((r) => present(p, r))), { field: 'id' });
  const get = templates.get;
  const lockTemplatesInScope = scopedLock(repo.lockTemplates);
  const lockTemplateInScope = scopedLock(repo.lockTemplates, { notFound: 'id' });

  /** Drawn from what the certificate copied from its template at issue. */
  async function pdfOf(r: repo.IssuedRow): Promise<{ fileName: string; pdf: Buffer }> {
    const { design } = r;
    const bytes = design.backgroundKey ? await readAll(storage, design.backgroundKey) : null;
    const pdf = await renderCertificatePdf({
      pageWidth: design.pageWidth,
      pageHeight: design.pageHeight,
      layout: design.layout,
      language: design.language,
      background: bytes && design.backgroundMime ? { bytes, mime: design.backgroundMime } : null,
      values: { name: r.realname, source: r.sourceTitle, date: day(r.issuedAt), number: r.number, authority: r.authority },
    });
    return { fileName: `${r.templateName}-${r.number}.pdf`, pdf };
  }

  /** The platform name of the parameters page, in Chinese for a Chinese certificate, else in English. */
  async function defaultAuthority(language: CertificateLanguage): Promise<string> {
    const params = await readPlatformParams(db);
    return language === 'zh-CN' ? params.siteNameZh : params.siteNameEn;
  }

  return {
    list: templates.list,

    get,

    async checkName(q: CertificateCheckName) {
      return { available: !(await repo.nameTaken(db, q.name, q.id)) };
    },

    async insert(principal: Principal, input: CertificateTemplateCreate): Promise<CertificateTemplateRow> {
      if (await repo.nameTaken(db, input.name)) throw new AppError('DUPLICATE_CERTIFICATE', { field: 'name' });
      const authority = input.authority ?? (await defaultAuthority(input.language)).slice(0, CERTIFICATE_AUTHORITY_MAX);
      const id = await db.transaction(async (tx) => {
        const thumb = await claimImage(tx, principal, input.thumbnail, 'thumbnail');
        const bg = await claimImage(tx, principal, input.background, 'background');
        const newId = await repo.insertTemplate(tx, {
          name: input.name,
          thumbnail: input.thumbnail || null,
          authority,
          language: input.language,
          validityMonths: input.validityMonths,
          background: input.background || null,
          ...(await backgroundOf(bg)),
          layout: input.layout,
          orgId: await homeOrgInScope(tx, principal),
          createdBy: principal.userId,
        });
        if (thumb) await linkFile(tx, thumb.id, newId);
        if (bg) await linkFile(tx, bg.id, newId);
        return newId;
      });
      return get(principal, id);
    },

    /**
     * A template in the caller's scope; fields left out keep their value. Certificates already
     * issued keep what the template said when they were issued.
     */
    async update(principal: Principal, input: CertificateTemplateUpdate): Promise<CertificateTemplateRow> {
      await db.transaction(async (tx) => {
        const cur = onlyRow(await lockTemplateInScope(tx, principal, [input.id]));
        if (input.name !== undefined && input.name !== cur.name && (await repo.nameTaken(tx, input.name, input.id))) {
          throw new AppError('DUPLICATE_CERTIFICATE', { field: 'name' });
        }
        const set: Parameters<typeof repo.updateTemplate>[2] = {};
        // An unchanged image is not claimed again (another manager may edit the template).
        if (input.thumbnail !== undefined && (input.thumbnail || null) !== cur.thumbnail) {
          const thumb = await claimImage(tx, principal, input.thumbnail, 'thumbnail');
          if (thumb) await linkFile(tx, thumb.id, input.id);
          set.thumbnail = input.thumbnail || null;
        }
        if (input.background !== undefined && (input.background || null) !== cur.background) {
          const bg = await claimImage(tx, principal, input.background, 'background');
          if (bg) await linkFile(tx, bg.id, input.id);
          Object.assign(set, { background: input.background || null, ...(await backgroundOf(bg)) });
        }
        if (input.name !== undefined) set.name = input.name;
        if (input.authority !== undefined) set.authority = input.authority;
        if (input.language !== undefined) set.language = input.language;
        if (input.validityMonths !== undefined) set.validityMonths = input.validityMonths;
        if (input.layout !== undefined) set.layout = input.layout;
        await repo.updateTemplate(tx, input.id, set);
      });
      return get(principal, input.id);
    },

    /** All or nothing, templates in the caller's scope; a template any certificate was issued from stays (IN_USE_CERTIFICATE). */
    async remove(principal: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockTemplatesInScope(tx, principal, ids);
        const unique = rows.map((r) => r.id);
        // A certificate issued between the check and the delete answers IN_USE_CERTIFICATE from its foreign key.
        if ((await repo.templatesInUse(tx, unique)).length) throw new AppError('IN_USE_CERTIFICATE', { field: 'ids' });
        await deleteRows(tx, certificateTemplates, unique);
        return { count: unique.length };
      });
    },

    async issuedList(principal: Principal, q: CertificateIssuedListQuery): Promise<Page<CertificateIssuedRow>> {
      const page = await repo.findIssued(lists, principal, q);
      return { ...page, records: page.records.map((r) => presentIssued(principal, r)) };
    },

    /** Revoked certificates verify as revoked; holders still see them. */
    async revoke(principal: Principal, ids: number[]) {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await repo.lockIssued(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        for (const r of rows) requireInScope(principal, r.orgPath);
        if (rows.some((r) => r.revokedAt)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids' });
        const changed = await repo.revokeIssued(tx, unique);
        if (changed.length !== unique.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids' });
        return { count: changed.length };
      });
    },

    /** A manager's download: the holder must be inside the caller's data scope. */
    async issuedPdf(principal: Principal, id: number) {
      const row = await repo.getIssued(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      requireInScope(principal, row.orgPath);
      return pdfOf(row);
    },

    async mine(principal: Principal, q: CertificateMyQuery): Promise<Page<CertificateMine>> {
      const { records: rows, total } = await repo.findMine(db, principal.userId, q);
      const records = await Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          number: r.number,
          templateName: r.templateName,
          authority: r.authority,
          thumbnailUrl: await signer.publicUrlForRef(r.thumbnail),
          sourceKind: r.sourceKind,
          sourceTitle: r.sourceTitle,
          issuedAt: r.issuedAt.toISOString(),
          expiresAt: r.expiresAt?.toISOString() ?? null,
          status: certificateStatus(r),
        })),
      );
      return { records, total, page: q.page, size: q.size };
    },

    /** The holder's own certificate only; someone else's answers NOT_FOUND_ERROR (no hint it exists). */
    async minePdf(principal: Principal, id: number) {
      const row = await repo.getIssued(db, id);
      if (!row || row.userId !== principal.userId) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return pdfOf(row);
    },

    async verify(number: string): Promise<CertificateVerification> {
      const r = await repo.getIssuedByNumber(db, number);
      if (!r) throw new AppError('NOT_FOUND_ERROR', { field: 'number' });
      return {
        number: r.number,
        holder: maskHolderName(r.realname),
        sourceKind: r.sourceKind,
        title: r.sourceTitle,
        templateName: r.templateName,
        authority: r.authority,
        issuedAt: r.issuedAt.toISOString(),
        expiresAt: r.expiresAt?.toISOString() ?? null,
        status: certificateStatus(r),
      };
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
