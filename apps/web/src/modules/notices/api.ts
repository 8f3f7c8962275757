import { noticeRoutes as routes, type NoticeCreate, type NoticeListQuery, type NoticeSort, type NoticeUpdate } from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';

export type NoticeQuery = Partial<NoticeListQuery> & { page: number; size: number };

export const findNotices = (q: NoticeQuery) => call(routes.list, q);
export const getNoticeById = (input: { id: number }) => call(routes.get, input);
export const insertNotice = (input: NoticeCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateNotice = (input: NoticeUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteNotices = (input: { ids: number[] }) => call(routes.delete, input);
export const releaseNotices = (input: { ids: number[] }) => call(routes.release, input);
export const unreleaseNotices = (input: { ids: number[] }) => call(routes.unrelease, input);
export const freezeNotices = (input: { ids: number[] }) => call(routes.freeze, input);
export const unfreezeNotices = (input: { ids: number[] }) => call(routes.unfreeze, input);
export const pinNotices = (input: { ids: number[] }) => call(routes.pin, input);
export const unpinNotices = (input: { ids: number[] }) => call(routes.unpin, input);
export const sortNotice = (input: NoticeSort) => call(routes.sort, input);

/** Student side: released notices whose display time has come and whose audience includes the caller. */
export const findMyNotices = (q: { page: number; size: number }) => call(routes.my, q);
export const getNoticeDetail = (input: { id: number }) => call(routes.detail, input);
