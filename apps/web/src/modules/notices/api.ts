import { noticeRoutes as routes, type NoticeCreate, type NoticeListQuery, type NoticeUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type NoticeQuery = Partial<NoticeListQuery> & { page: number; size: number };

export const findNotices = (q: NoticeQuery) => call(routes.list, q);
export const getNoticeById = (input: { id: number }) => call(routes.get, input);
export const insertNotice = (input: NoticeCreate) => call(routes.insert, input);
export const updateNotice = (input: NoticeUpdate) => call(routes.update, input);
export const deleteNotices = (input: { ids: number[] }) => call(routes.delete, input);
export const releaseNotices = (input: { ids: number[] }) => call(routes.release, input);
export const unreleaseNotices = (input: { ids: number[] }) => call(routes.unrelease, input);

/** Student side: released notices whose display time has come. */
export const findMyNotices = (q: { page: number; size: number }) => call(routes.my, q);
export const getNoticeDetail = (input: { id: number }) => call(routes.detail, input);
