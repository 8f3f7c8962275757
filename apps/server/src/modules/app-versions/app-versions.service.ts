import type { AppVersionCreate, AppVersionListQuery, AppVersionPublicQuery, AppVersionUpdate } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import * as repo from './app-versions.repository.js';


export function createAppVersionsService({ db }: { db: Db }) {
  /** The unique index decides under concurrency; the pre-check only gives the common case a clean answer. */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    return await write();
  }

  return {
    list: (q: AppVersionListQuery) => repo.findAppVersions(db, q),
    publicList: (q: AppVersionPublicQuery) => repo.findPublicAppVersions(db, q),

    async get(id: number) {
      const row = await repo.getAppVersion(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return row;
    },

    async create(input: AppVersionCreate) {
      if (await repo.findSameVersion(db, input)) throw new AppError('DUPLICATE_APP_VERSION', { field: 'version' });
      return guardUnique(() => repo.insertAppVersion(db, input));
    },

    async update({ id, ...input }: AppVersionUpdate) {
      if (!(await repo.getAppVersion(db, id))) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      if (await repo.findSameVersion(db, input, id)) throw new AppError('DUPLICATE_APP_VERSION', { field: 'version' });
      const row = await guardUnique(() => repo.updateAppVersion(db, id, input));
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
