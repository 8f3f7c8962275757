import {
  BANNER_LIFECYCLE,
  type BannerAbilities,
  type BannerCreate,
  type BannerListQuery,
  type BannerPublic,
  type BannerRow,
  type BannerUpdate,
  type Page,
} from '@hanlin/shared';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { abilitiesOf, lockEditable, transitionCommand } from '../../platform/lifecycle.js';
import type { ListRuntime } from '../../platform/list.js';
import { requireInScope, scopedLock } from '../../platform/scope.js';
import { claimFile, type FileSigner } from '../uploads/index.js';
import * as repo from './banners.repository.js';
import { banners } from './banners.schema.js';

/** Which permission code each ability also needs. */
const ABILITY_CODES: Record<keyof BannerAbilities, string> = {
  modify: 'tggl:modify',
  delete: 'tggl:delete',
  release: 'tggl:publish',
  unrelease: 'tggl:unpublish',
};
/** The carousel shows at most this many banners. */
const CAROUSEL_MAX = 10;

interface Deps {
  db: Db;
  signer: FileSigner;
  lists: ListRuntime;
}

export function createBannersService({ db, signer, lists }: Deps) {
  /** The image must be the caller's own upload of purpose `cover` (JPG/PNG under 5 MB, checked at upload). */
  async function claimImage(tx: DbOrTx, principal: Principal, image: string) {
    const file = await claimFile(tx, principal, image, { purpose: 'cover', field: 'image', missing: 'FILE_TYPE_ERROR' });
    if (!file || !['image/jpeg', 'image/png'].includes(file.mime)) throw new AppError('FILE_TYPE_ERROR', { field: 'image' });
  }

  async function present(principal: Principal, r: repo.BannerListRow): Promise<BannerRow> {
    const status = r.status;
    return {
      id: r.id,
      title: r.title,
      image: r.image,
      imageUrl: await signer.publicUrlForRef(r.image),
      link: r.link,
      sort: r.sort,
      startAt: r.startAt?.toISOString() ?? null,
      endAt: r.endAt?.toISOString() ?? null,
      status,
      orgId: r.orgId,
      orgName: r.orgName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      abilities: abilitiesOf(BANNER_LIFECYCLE.abilities(status), principal.permissions, ABILITY_CODES),
    };
  }

  const lockInScope = scopedLock(repo.lockBanners);

  async function get(principal: Principal, id: number): Promise<BannerRow> {
    const row = await repo.getBannerRow(db, id);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(principal, row.orgPath);
    return present(principal, row);
  }

  const transition = transitionCommand({ db, lifecycle: BANNER_LIFECYCLE, table: banners, state: 'status', lock: lockInScope });

  return {
    async list(principal: Principal, q: BannerListQuery): Promise<Page<BannerRow>> {
      const { rows, total } = await repo.findBanners(lists, principal, q);
      return { records: await Promise.all(rows.map((r) => present(principal, r))), total, page: q.page, size: q.size };
    },

    get,

    async insert(principal: Principal, input: BannerCreate): Promise<BannerRow> {
      const id = await db.transaction(async (tx) => {
        await claimImage(tx, principal, input.image);
        return repo.insertBanner(tx, {
          title: input.title,
          image: input.image,
          link: input.link || null,
          sort: input.sort ?? 0,
          startAt: input.startAt ? new Date(input.startAt) : null,
          endAt: input.endAt ? new Date(input.endAt) : null,
          orgId: principal.orgId,
          createdBy: principal.userId,
        });
      });
      return get(principal, id);
    },

    /** Only an unreleased banner changes; the period is checked with the stored half it keeps. */
    async update(principal: Principal, input: BannerUpdate): Promise<BannerRow> {
      await db.transaction(async (tx) => {
        const cur = await lockEditable(tx, principal, input.id, lockInScope, BANNER_LIFECYCLE);
        if (input.image !== undefined && input.image !== cur.image) await claimImage(tx, principal, input.image);
        const startAt = input.startAt !== undefined ? (input.startAt ? new Date(input.startAt) : null) : cur.startAt;
        const endAt = input.endAt !== undefined ? (input.endAt ? new Date(input.endAt) : null) : cur.endAt;
        if (startAt && endAt && endAt <= startAt) throw new AppError('PARAMETER_INVALID', { field: 'endAt' });
        const changed = await repo.updateBannersWhereStatus(tx, [input.id], BANNER_LIFECYCLE.editable ?? BANNER_LIFECYCLE.states, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.image !== undefined ? { image: input.image } : {}),
          ...(input.link !== undefined ? { link: input.link || null } : {}),
          ...(input.sort !== undefined ? { sort: input.sort } : {}),
          startAt,
          endAt,
        });
        if (changed.length !== 1) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
      });
      return get(principal, input.id);
    },

    /** Deletes unreleased banners, all or nothing (a released one must be unreleased first). */
    async remove(principal: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, principal, ids);
        const deletable = BANNER_LIFECYCLE.deletable ?? BANNER_LIFECYCLE.states;
        if (rows.some((r) => !deletable.includes(r.status))) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids' });
        const gone = await repo.deleteBannersWhereStatus(
          tx,
          rows.map((r) => r.id),
          deletable,
        );
        if (gone.length !== rows.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids' });
        return { count: gone.length };
      });
    },

    release: (principal: Principal, ids: number[]) => transition(principal, ids, 'release'),
    unrelease: (principal: Principal, ids: number[]) => transition(principal, ids, 'unrelease'),

    /** The portal carousel: released banners within their display period, in sort order. */
    async current(): Promise<BannerPublic[]> {
      const rows = await repo.findCurrentBanners(db, CAROUSEL_MAX);
      return Promise.all(rows.map(async (r) => ({ id: r.id, title: r.title, imageUrl: await signer.publicUrlForRef(r.image), link: r.link })));
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;
