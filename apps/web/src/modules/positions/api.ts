import type { Page, PositionInsert, PositionListQuery, PositionRow, PositionUpdate } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type PositionQuery = Partial<PositionListQuery> & { page: number; size: number };

export const findPositions = (q: PositionQuery) => api<Page<PositionRow>>('position/list', q);
export const insertPosition = (input: PositionInsert) => api<{ id: number }>('position/insert', input, { silent: true });
export const updatePosition = (input: PositionUpdate) => api<unknown>('position/update', input, { silent: true });
export const deletePositions = (input: { ids: number[] }) => api<unknown>('position/delete', input);

/** There is no single-position call: look in the lists already loaded, then page through the list. */
export async function findPositionById(id: number, cached: readonly Page<PositionRow>[]): Promise<PositionRow | null> {
  for (const p of cached) {
    const hit = p.records.find((r) => r.id === id);
    if (hit) return hit;
  }
  for (let page = 1; page <= 20; page++) {
    const p = await findPositions({ page, size: 500, sort: 'id' });
    const hit = p.records.find((r) => r.id === id);
    if (hit) return hit;
    if (page * 500 >= p.total) break;
  }
  return null;
}
