import type { AppVersionCreate, AppVersionListQuery, AppVersionPublicQuery, AppVersionUpdate } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './app-versions.repository.js';

/** The unique index decides under concurrency (its error is declared in the schema); the pre-check gives the common case a clean answer. */
export function createAppVersionsService({ db, lists }: { db: Db; lists: ListRuntime }) {
  return {
    list: (q: AppVersionListQuery) => repo.findAppVersions(lists, q),
    publicList: (q: AppVersionPublicQuery) => repo.findPublicAppVersions(lists, q),

    async get(id: number) {
      const row = await repo.getAppVersion(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return row;
    },

    async create(input: AppVersionCreate) {
      if (await repo.findSameVersion(db, input)) throw new AppError('DUPLICATE_APP_VERSION', { field: 'version' });
      return repo.insertAppVersion(db, input);
    },

    async update({ id, ...input }: AppVersionUpdate) {
      if (!(await repo.getAppVersion(db, id))) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      if (await repo.findSameVersion(db, input, id)) throw new AppError('DUPLICATE_APP_VERSION', { field: 'version' });
      const row = await repo.updateAppVersion(db, id, input);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return row;
    },

    /** Deletes all or nothing: an unknown id refuses the whole batch. */
    async remove(ids: number[]) {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const n = await repo.deleteAppVersions(tx, unique);
        if (n !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        return { deleted: n };
      });
    },
  };
}
export type AppVersionsService = ReturnType<typeof createAppVersionsService>;
