import type { FastifyInstance } from 'fastify';
import type { CoursewareAbilities, CoursewareInsert, CoursewareRow, CoursewareType, CoursewareUpdate, MediaState } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { Storage } from '../../platform/storage.js';
import { listReads, type ListRuntime } from '../../platform/list.js';
import { pathInScope, requireInScope, scopedLock } from '../../platform/scope.js';
import { claimFile, linkFile, type FileRow } from '../uploads/index.js';
import { getMediaState, mediaKindOf, requestMediaProcessing } from '../media/index.js';
import { importScormPackage } from '../scorm/index.js';
import * as repo from './courseware.repository.js';
import { categoryTree as tree } from './courseware.repository.js';
import { coursewareCategories } from './courseware.schema.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import { coursewareInUse, usersMayRead, type CoursewareUse } from './courseware.usage.js';

interface Deps {
  app: FastifyInstance;
  db: Db;
  storage: Storage;
  lists: ListRuntime;
  uses: ReadonlyMap<string, CoursewareUse>;
}

/** Whether the file's content (sniffed at upload) fits the courseware type. */
export function fileFitsType(file: Pick<FileRow, 'mime' | 'originalName'>, type: CoursewareType): boolean {
  if (type === 'scorm') return file.mime === 'application/zip' && /\.zip$/i.test(file.originalName);
  const kind = mediaKindOf(file);
  if (type === 'general') return kind === 'pdf' || kind === 'office';
  return kind === type;
}

const mediaOf = (m: MediaState | undefined): CoursewareRow['media'] =>
  m ? { kind: m.kind, state: m.state, progress: m.progress, durationMs: m.durationMs, pages: m.pages, error: m.error, playUrl: m.playUrl, downloadUrl: m.downloadUrl } : null;

export function createCoursewareService({ app, db, storage, lists, uses }: Deps) {
  /** A category with sub-categories or courseware stays (IN_USE_SUBCLASS). */
  const categories = categoryTreeCommands({ db, table: coursewareCategories, tree });
  const lockInScope = scopedLock(repo.lockCoursewares, { field: 'ids', beyond: true });
  const abilitiesOf = (p: Principal, inUse: boolean): CoursewareAbilities => ({
    modify: p.permissions.has('kjgl:modify'),
    delete: p.permissions.has('kjgl:delete') && !inUse,
    preview: p.permissions.has('kjgl:preview'),
  });

  /** Rows as the API answers them: ISO dates, abilities, the media state of non-SCORM files. */
  async function present(p: Principal, rows: repo.CoursewareRecord[]): Promise<CoursewareRow[]> {
    const used = await coursewareInUse(
      uses,
      db,
      rows.map((r) => r.id),
    );
    const media = await getMediaState(
      app,
      rows.filter((r) => r.type !== 'scorm').map((r) => r.fileId),
    );
    return rows.map(({ orgPath: _orgPath, ...r }) => ({
      ...r,
      type: r.type,
      fileName: r.fileName,
      fileSize: r.fileSize,
      fileId: r.fileId,
      createdAt: r.createdAt.toISOString(),
      media: r.type === 'scorm' ? null : mediaOf(media.get(r.fileId)),
      abilities: abilitiesOf(p, used.has(r.id)),
    }));
  }

  async function requireCategory(dbx: DbOrTx, categoryId: number | null | undefined) {
    if (categoryId == null) return;
    await tree.mustGet(dbx, categoryId, 'categoryId');
  }

  return {
    categories,

    ...listReads(repo.coursewareList, lists, present),

    /**
     * Saves an uploaded file as courseware: the file must be the caller's own courseware upload and
     * its content must fit the type; a SCORM zip is imported (its refusal reason answered), other
     * files are queued for the players (HLS, duration, PDF).
     */
    async insert(p: Principal, input: CoursewareInsert) {
      const categoryId = input.categoryId ?? null;
      const file = await claimFile(db, p, input.file, { purpose: 'courseware', field: 'file' });
      if (!file) throw new AppError('PARAMETER_INVALID', { field: 'file' });
      if (!fileFitsType(file, input.type)) throw new AppError('FILE_TYPE_ERROR', { field: 'file' });
      await requireCategory(db, categoryId);
      if (await repo.nameTaken(db, categoryId, input.name)) throw new AppError('DUPLICATE_COURSEWARE', { field: 'name' });

      const save = async (tx: DbOrTx, scormPackageId: number | null) => {
        await requireCategory(tx, categoryId);
        const id = await repo.insertCourseware(tx, {
          name: input.name,
          type: input.type,
          labels: input.labels,
          mobilePlay: input.mobilePlay,
          download: input.download,
          categoryId,
          orgId: p.orgId,
          uploadedBy: p.userId,
          fileId: file.id,
          scormPackageId,
        });
        await linkFile(tx, file.id, id);
        return id;
      };
      let id = 0;
      if (input.type === 'scorm') {
        const stream = await storage.get(file.key);
        if (!stream) throw new AppError('NOT_FOUND_ERROR', { field: 'file' });
        // The courseware row is written in the package's own transaction: a name taken meanwhile
        // undoes the import too, so no package is left without its courseware.
        await importScormPackage({ db, storage }, { principal: p, stream, fileName: file.originalName, within: async (tx, pkg) => void (id = await save(tx, pkg.id)) });
      } else {
        id = await db.transaction((tx) => save(tx, null));
      }
      if (input.type !== 'scorm') await requestMediaProcessing(app, file.publicId);
      return { id };
    },

    async update(p: Principal, input: CoursewareUpdate) {
      await db.transaction(async (tx) => {
        const [row] = await repo.lockCoursewares(tx, [input.id]);
        if (!row) throw new AppError('NOT_FOUND_ERROR');
        requireInScope(p, row.orgPath);
        const categoryId = input.categoryId === undefined ? row.categoryId : input.categoryId;
        const name = input.name ?? row.name;
        await requireCategory(tx, categoryId);
        if ((categoryId !== row.categoryId || name !== row.name) && (await repo.nameTaken(tx, categoryId, name, row.id))) {
          throw new AppError('DUPLICATE_COURSEWARE', { field: 'name' });
        }
        await repo.updateCourseware(tx, row.id, {
          name,
          categoryId,
          ...(input.labels !== undefined ? { labels: input.labels } : {}),
          ...(input.mobilePlay !== undefined ? { mobilePlay: input.mobilePlay } : {}),
          ...(input.download !== undefined ? { download: input.download } : {}),
        });
      });
    },

    /** Deletes courseware in scope that no module references (IN_USE_COURSEWARE naming the ids otherwise). */
    async remove(p: Principal, ids: number[]) {
      await db.transaction(async (tx) => {
        await lockInScope(tx, p, ids);
        const used = await coursewareInUse(uses, tx, ids);
        if (used.size) throw new AppError('IN_USE_COURSEWARE', { field: 'ids', data: { ids: [...used].sort((a, b) => a - b) } });
        await repo.deleteCoursewares(tx, ids);
      });
    },

    /** Read rule of courseware files: kjgl holders whose scope holds the courseware, or a referencing module's readers. */
    async mayReadCourseware(p: Principal, coursewareId: number): Promise<boolean> {
      if (p.permissions.has('kjgl')) {
        const orgPath = await repo.getCoursewareOrgPath(db, coursewareId);
        if (orgPath && pathInScope(p, orgPath)) return true;
      }
      return usersMayRead(uses, p, coursewareId);
    },

    /** SCORM launch in context `courseware:<id>` (kjgl preview): the package must be that courseware's. */
    async mayLaunch(p: Principal, packageId: number, ref: string | null): Promise<boolean> {
      const id = Number(ref);
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) return false;
      const [row] = await repo.getCoursewares(db, [id]);
      if (!row || row.scormPackageId !== packageId) return false;
      return p.permissions.has('kjgl:preview') && !!row.orgPath && pathInScope(p, row.orgPath);
    },
  };
}
export type CoursewareService = ReturnType<typeof createCoursewareService>;
