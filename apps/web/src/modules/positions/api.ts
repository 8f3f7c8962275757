import type { Page, PositionInsert, PositionListQuery, PositionRow, PositionUpdate } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type PositionQuery = Partial<PositionListQuery> & { page: number; size: number };

export const findPositions = (q: PositionQuery) => api<Page<PositionRow>>('position/list', q);
export const insertPosition = (input: PositionInsert) => api<{ id: number }>('position/insert', input, { silent: true });
export const updatePosition = (input: PositionUpdate) => api<unknown>('position/update', input, { silent: true });
export const deletePositions = (input: { ids: number[] }) => api<unknown>('position/delete', input);

/** One position (POST /api/position/get). */
export const getPosition = (id: number) => api<PositionRow>('position/get', { id });
