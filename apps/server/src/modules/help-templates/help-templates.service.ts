import {
  HELP_TEMPLATE_BODY_TEXT_MAX,
  HELP_TEMPLATE_UPLOAD_PURPOSE,
  TRAINING_READER_CODES,
  hasAnyPermission,
  type HelpTemplateCreate,
  type HelpTemplateDetail,
  type HelpTemplateFile,
  type HelpTemplateListQuery,
  type HelpTemplateRow,
  type HelpTemplateUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import { richTextPlain, sanitizeRichText } from '../../platform/rich-text.js';
import { deleteRows, insertRow, lockRows, updateRow } from '../../platform/table-rows.js';
import { claimFile, linkFile } from '../uploads/index.js';
import * as repo from './help-templates.repository.js';
import { helpTemplates } from './help-templates.schema.js';

const ABILITY_CODES = { modify: 'bzmb:modify', delete: 'bzmb:delete' } as const;

interface Deps {
  db: Db;
  lists: ListRuntime;
}

export function createHelpTemplatesService({ db, lists }: Deps) {
  const present = (p: Principal, r: repo.HelpTemplateListRow): HelpTemplateRow => ({
    id: r.id,
    title: r.title,
    category: r.category,
    sort: r.sort,
    published: r.published,
    attachments: r.attachments,
    orgId: r.orgId,
    orgName: r.orgName,
    createdBy: r.createdBy,
    creatorName: r.creatorName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    abilities: abilitiesOf({ modify: true, delete: true }, p.permissions, ABILITY_CODES),
  });

  async function detail(p: Principal, id: number, publishedOnly: boolean): Promise<HelpTemplateDetail> {
    const [row] = await repo.helpTemplateList.rowsOf(db, [id]);
    if (!row || (publishedOnly && !row.published)) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    return { ...present(p, row), body: (await repo.bodyOf(db, id)) ?? '' };
  }

  /** Sanitized body whose visible text fits (PARAMETER_INVALID naming `body`). */
  function cleanBody(html: string): string {
    const clean = sanitizeRichText(html);
    if (richTextPlain(clean).length > HELP_TEMPLATE_BODY_TEXT_MAX) throw new AppError('PARAMETER_INVALID', { field: 'body' });
    return clean;
  }

  /**
   * The attachments as saved: files already on the document stay (whoever uploaded them); new ones
   * must be the caller's own uploads of purpose `help-template` (claimed and linked to the document).
   */
  async function attachmentsOf(tx: DbOrTx, p: Principal, id: number, refs: string[], current: HelpTemplateFile[]): Promise<HelpTemplateFile[]> {
    const out: HelpTemplateFile[] = [];
    for (const ref of new Set(refs)) {
      const kept = current.find((f) => f.ref === ref);
      if (kept) {
        out.push(kept);
        continue;
      }
      const f = await claimFile(tx, p, ref, { purpose: HELP_TEMPLATE_UPLOAD_PURPOSE, field: 'attachments' });
      if (!f) throw new AppError('PARAMETER_INVALID', { field: 'attachments' });
      await linkFile(tx, f.id, id);
      out.push({ ref: `/api/upload/file/${f.publicId}`, name: f.originalName, size: f.size });
    }
    return out;
  }

  const page = async (list: typeof repo.helpTemplateList, p: Principal, q: HelpTemplateListQuery) => {
    const got = await list.run(lists, p, q);
    return { ...got, records: got.records.map((r) => present(p, r)) };
  };

  return {
    list: (p: Principal, q: HelpTemplateListQuery) => page(repo.helpTemplateList, p, q),
    get: (p: Principal, id: number) => detail(p, id, false),
    published: (p: Principal, q: Omit<HelpTemplateListQuery, 'published'>) => page(repo.publishedHelpList, p, q),
    read: (p: Principal, id: number) => detail(p, id, true),

    async insert(p: Principal, input: HelpTemplateCreate): Promise<HelpTemplateDetail> {
      const id = await db.transaction(async (tx) => {
        const { attachments, body, ...fields } = input;
        const newId = await insertRow(tx, helpTemplates, { ...fields, body: cleanBody(body), createdBy: p.userId });
        const files = await attachmentsOf(tx, p, newId, attachments, []);
        if (files.length) await updateRow(tx, helpTemplates, newId, { attachments: files });
        return newId;
      });
      return detail(p, id, false);
    },

    async update(p: Principal, input: HelpTemplateUpdate): Promise<HelpTemplateDetail> {
      await db.transaction(async (tx) => {
        const [row] = await lockRows(tx, helpTemplates, [input.id]);
        if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
        const { id, attachments, body, ...fields } = input;
        await updateRow(tx, helpTemplates, id, {
          ...fields,
          ...(body !== undefined ? { body: cleanBody(body) } : {}),
          ...(attachments !== undefined ? { attachments: await attachmentsOf(tx, p, id, attachments, row.attachments) } : {}),
        });
      });
      return detail(p, input.id, false);
    },

    async remove(_p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockRows(tx, helpTemplates, ids);
        if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        await deleteRows(
          tx,
          helpTemplates,
          rows.map((r) => r.id),
        );
        return { count: rows.length };
      });
    },

    /** Who reads an attached file: the managers, and holders of a training code while the document is published. */
    async mayReadFile(p: Principal, refId: number | null): Promise<boolean> {
      if (hasAnyPermission(p.permissions, ['bzmb'])) return true;
      if (refId === null || !hasAnyPermission(p.permissions, TRAINING_READER_CODES)) return false;
      const [row] = await repo.helpTemplateList.rowsOf(db, [refId]);
      return !!row?.published;
    },
  };
}
export type HelpTemplatesService = ReturnType<typeof createHelpTemplatesService>;
