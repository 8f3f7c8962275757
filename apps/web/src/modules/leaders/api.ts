import { leaderRoutes as routes, type LeaderCreate, type LeaderListQuery, type LeaderUpdate } from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';

export type LeaderQuery = Partial<LeaderListQuery> & { page: number; size: number };

export const findLeaders = (q: LeaderQuery) => call(routes.list, q);
export const getLeaderById = (input: { id: number }) => call(routes.get, input);
export const insertLeader = (input: LeaderCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateLeader = (input: LeaderUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteLeaders = (input: { ids: number[] }) => call(routes.delete, input);
export const getLeaderCenter = (input: { year?: number }) => call(routes.center, input);
