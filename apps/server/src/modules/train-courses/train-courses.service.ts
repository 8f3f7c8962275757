import type { FastifyInstance } from 'fastify';
import {
  TRAIN_COURSE_LIFECYCLE,
  TRAIN_COURSE_RICH_TEXT_MAX,
  TRAIN_COURSE_UPLOAD_PURPOSE,
  hasAnyPermission,
  type TrainCourseAbilities,
  type TrainCourseCreate,
  type TrainCourseDetail,
  type TrainCourseExport,
  type TrainCourseFile,
  type TrainCourseOptionQuery,
  type TrainCourseRow,
  type TrainCourseUpdate,
} from '@hanlin/shared';
import { found } from '../../platform/db/rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { abilitiesOf, transitionCommand } from '../../platform/lifecycle.js';
import { listReads, type ListRuntime } from '../../platform/list.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { pathInScope, scopedLock } from '../../platform/scope.js';
import { deleteRows, updateRow } from '../../platform/table-rows.js';
import { idsInUse } from '../../platform/use-registry.js';
import { claimFile, linkFile, type FileSigner } from '../uploads/index.js';
import { trainCourseWorkbook } from './train-courses.export.js';
import * as repo from './train-courses.repository.js';
import { categoryTree as tree } from './train-courses.repository.js';
import { trainCourseCategories, trainCourses } from './train-courses.schema.js';
import { trainCourseUses } from './train-courses.usage.js';

const MANAGE_CODE = 'pxkcgl';
const ABILITY_CODES: Record<keyof TrainCourseAbilities, string> = {
  modify: 'pxkcgl:modify',
  delete: 'pxkcgl:delete',
  enable: 'pxkcgl:modify',
  disable: 'pxkcgl:modify',
};
/** At most this many rows in one export (the list's pages of 500). */
export const TRAIN_COURSE_EXPORT_MAX_ROWS = 10_000;

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
  signer: FileSigner;
}

export function createTrainCoursesService({ app, db, lists, signer }: Deps) {
  const categories = categoryTreeCommands({ db, table: trainCourseCategories, tree, itemsInUse: 'IN_USE_CLASSIFICATION' });

  const present = async (p: Principal, rows: repo.TrainCourseListRow[]): Promise<TrainCourseRow[]> => {
    const used = await idsInUse(
      trainCourseUses(app),
      db,
      rows.map((r) => r.id),
    );
    return Promise.all(
      rows.map(async ({ orgPath: _path, ...r }) => ({
        ...r,
        hours: Number(r.hours),
        coverUrl: await signer.publicUrlForRef(r.cover),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        abilities: abilitiesOf(TRAIN_COURSE_LIFECYCLE.abilities(r.status), p.permissions, ABILITY_CODES, { delete: !used.has(r.id) }),
      })),
    );
  };
  const reads = listReads(repo.trainCourseList, lists, present, { field: 'id' });
  const lockInScope = scopedLock(repo.lockTrainCourses);

  async function get(p: Principal, id: number): Promise<TrainCourseDetail> {
    const row = await reads.get(p, id);
    // Deleted since it was read.
    const extra = found(await repo.detailOf(db, id), 'NOT_FOUND_ERROR', 'id');
    return { ...row, ...extra };
  }

  /** Sanitized rich text within its limit (PARAMETER_INVALID naming the field otherwise). */
  function richText(html: string, field: string) {
    const clean = sanitizeRichText(html);
    if (clean.length > TRAIN_COURSE_RICH_TEXT_MAX) throw new AppError('PARAMETER_INVALID', { field });
    return clean;
  }

  async function requireCategory(tx: DbOrTx, categoryId: number | null | undefined) {
    if (categoryId != null) await tree.mustGet(tx, categoryId, 'categoryId');
  }

  /** Every lecturer named exists (PARAMETER_INVALID naming `lecturerIds` otherwise). */
  async function requireLecturers(tx: DbOrTx, ids: number[]) {
    const found = await repo.existingLecturers(tx, ids);
    if (ids.some((id) => !found.has(id))) throw new AppError('PARAMETER_INVALID', { field: 'lecturerIds' });
  }

  /** The caller's own uploaded image (purpose `cover`), linked to the course. */
  async function claimCover(tx: DbOrTx, p: Principal, courseId: number, ref: string | null | undefined) {
    const file = await claimFile(tx, p, ref, { purpose: 'cover', field: 'cover', missing: 'FILE_TYPE_ERROR' });
    if (file && !file.mime.startsWith('image/')) throw new AppError('FILE_TYPE_ERROR', { field: 'cover' });
    if (file) await linkFile(tx, file.id, courseId);
  }

  /**
   * The attachments named by `refs`: those the course already has are kept as they are (another
   * manager may have uploaded them); new ones must be the caller's own uploads of purpose `train-course`.
   */
  async function claimAttachments(tx: DbOrTx, p: Principal, courseId: number, refs: string[], stored: TrainCourseFile[]): Promise<TrainCourseFile[]> {
    const out: TrainCourseFile[] = [];
    for (const ref of new Set(refs)) {
      const kept = stored.find((f) => f.ref === ref);
      if (kept) {
        out.push(kept);
        continue;
      }
      const f = await claimFile(tx, p, ref, { purpose: TRAIN_COURSE_UPLOAD_PURPOSE, field: 'attachments' });
      if (!f) throw new AppError('PARAMETER_INVALID', { field: 'attachments' });
      await linkFile(tx, f.id, courseId);
      out.push({ ref: `/api/upload/file/${f.publicId}`, name: f.originalName, size: f.size });
    }
    return out;
  }

  const transition = transitionCommand({ db, lifecycle: TRAIN_COURSE_LIFECYCLE, table: trainCourses, state: 'status', lock: lockInScope });

  return {
    categories,
    list: reads.list,
    get,

    /** A new course (enabled) of the creator's organization; a taken name is DUPLICATE_FACE_COURSE (the unique index decides races). */
    async insert(p: Principal, input: TrainCourseCreate): Promise<TrainCourseDetail> {
      const id = await db.transaction(async (tx) => {
        await requireCategory(tx, input.categoryId);
        await requireLecturers(tx, input.lecturerIds);
        const newId = await repo.insertTrainCourse(tx, {
          name: input.name,
          categoryId: input.categoryId ?? null,
          hours: input.hours,
          audience: input.audience,
          objectives: richText(input.objectives, 'objectives'),
          outline: richText(input.outline, 'outline'),
          cover: input.cover || null,
          orgId: p.orgId,
          createdBy: p.userId,
        });
        await claimCover(tx, p, newId, input.cover);
        await repo.setLecturers(tx, newId, input.lecturerIds);
        const files = await claimAttachments(tx, p, newId, input.attachments, []);
        if (files.length) await updateRow(tx, trainCourses, newId, { attachments: files });
        return newId;
      });
      return get(p, id);
    },

    /** Fields left out keep their value; enabled and disabled courses alike are edited. */
    async update(p: Principal, input: TrainCourseUpdate): Promise<TrainCourseDetail> {
      await db.transaction(async (tx) => {
        const [row] = await lockInScope(tx, p, [input.id]);
        const { id, lecturerIds, attachments, objectives, outline, cover, ...plain } = input;
        if (plain.categoryId !== undefined) await requireCategory(tx, plain.categoryId);
        if (lecturerIds !== undefined) {
          await requireLecturers(tx, lecturerIds);
          await repo.setLecturers(tx, id, lecturerIds);
        }
        const coverChanged = cover !== undefined && (cover || null) !== row.cover;
        if (coverChanged) await claimCover(tx, p, id, cover);
        await updateRow(tx, trainCourses, id, {
          ...plain,
          ...(objectives !== undefined ? { objectives: richText(objectives, 'objectives') } : {}),
          ...(outline !== undefined ? { outline: richText(outline, 'outline') } : {}),
          ...(coverChanged ? { cover: cover || null } : {}),
          ...(attachments !== undefined ? { attachments: await claimAttachments(tx, p, id, attachments, row.attachments) } : {}),
        });
      });
      return get(p, input.id);
    },

    /** Deletes all or none; a course a registered module uses (a class stage) is refused, naming it. */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const used = await idsInUse(
          trainCourseUses(app),
          tx,
          rows.map((r) => r.id),
        );
        if (used.size) throw new AppError('IN_USE_TRAINING_SITE', { field: 'ids', data: { ids: [...used] } });
        return { count: (await deleteRows(tx, trainCourses, ids)).length };
      });
    },

    enable: (p: Principal, ids: number[]) => transition(p, ids, 'enable'),
    disable: (p: Principal, ids: number[]) => transition(p, ids, 'disable'),

    /** The list as filtered and ordered on the page, every page (up to TRAIN_COURSE_EXPORT_MAX_ROWS), as Excel. */
    async exportList(p: Principal, { lang, timeZone, ...q }: TrainCourseExport) {
      const rows: TrainCourseRow[] = [];
      const size = 500;
      for (let page = 1; rows.length < TRAIN_COURSE_EXPORT_MAX_ROWS; page++) {
        const part = await reads.list(p, { ...q, page, size });
        rows.push(...part.records);
        if (part.records.length < size) break;
      }
      return trainCourseWorkbook({ lang, timeZone }, rows.slice(0, TRAIN_COURSE_EXPORT_MAX_ROWS));
    },

    async options(q: TrainCourseOptionQuery) {
      return (await repo.courseOptions(db, q)).map((r) => ({ ...r, hours: Number(r.hours) }));
    },
    lecturerOptions: (keyword?: string) => repo.lecturerOptions(db, keyword),

    /** Read rule of the attachments: the course managers in whose scope the course is. */
    async mayReadAttachment(p: Principal, courseId: number) {
      if (!hasAnyPermission(p.permissions, [MANAGE_CODE])) return false;
      const path = await repo.orgPathOf(db, courseId);
      return !!path && pathInScope(p, path);
    },
  };
}
export type TrainCoursesService = ReturnType<typeof createTrainCoursesService>;
