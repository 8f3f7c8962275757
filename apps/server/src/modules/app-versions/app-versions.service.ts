import type { AppVersionCreate, AppVersionManageRow, AppVersionRow, AppVersionListQuery, AppVersionPublicQuery, AppVersionUpdate } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import type { Db } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './app-versions.repository.js';

const ABILITY_CODES = { modify: 'bbgl:modify', delete: 'bbgl:delete' } as const;
const withAbilities = (p: Principal, r: AppVersionRow): AppVersionManageRow => ({
  ...r,
  abilities: abilitiesOf({ modify: true, delete: true }, p.permissions, ABILITY_CODES),
});

/** The unique index decides under concurrency (its error is declared in the schema); the pre-check gives the common case a clean answer. */
export function createAppVersionsService({ db, lists }: { db: Db; lists: ListRuntime }) {
  return {
    async list(principal: Principal, q: AppVersionListQuery) {
      const page = await repo.findAppVersions(lists, q);
      return { ...page, records: page.records.map((r) => withAbilities(principal, r)) };
    },
    publicList: (q: AppVersionPublicQuery) => repo.findPublicAppVersions(lists, q),

    async get(principal: Principal, id: number) {
      const row = await repo.getAppVersion(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return withAbilities(principal, row);
    },

    async create(input: AppVersionCreate) {
      if (await repo.versionTaken(db, input)) throw new AppError('DUPLICATE_APP_VERSION', { field: 'version' });
      return repo.insertAppVersion(db, input);
    },

    async update({ id, ...input }: AppVersionUpdate) {
      if (!(await repo.getAppVersion(db, id))) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      if (await repo.versionTaken(db, input, id)) throw new AppError('DUPLICATE_APP_VERSION', { field: 'version' });
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
