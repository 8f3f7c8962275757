import { positionRoutes as routes, type PositionInsert, type PositionListQuery, type PositionUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type PositionQuery = Partial<PositionListQuery> & { page: number; size: number };

export const findPositions = (q: PositionQuery) => call(routes.list, q);
export const insertPosition = (input: PositionInsert) => call(routes.insert, input, { silent: true });
export const updatePosition = (input: PositionUpdate) => call(routes.update, input, { silent: true });
export const deletePositions = (input: { ids: number[] }) => call(routes.delete, input);

/** One position. */
export const getPosition = (id: number) => call(routes.get, { id });
