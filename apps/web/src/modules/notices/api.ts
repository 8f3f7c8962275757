import type { NoticeCreate, NoticeListQuery, NoticePublic, NoticeRow, NoticeUpdate, Page } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type NoticeQuery = Partial<NoticeListQuery> & { page: number; size: number };

export const findNotices = (q: NoticeQuery) => api<Page<NoticeRow>>('notice/list', q);
export const getNoticeById = (input: { id: number }) => api<NoticeRow>('notice/get', input);
export const insertNotice = (input: NoticeCreate) => api<NoticeRow>('notice/insert', input);
export const updateNotice = (input: NoticeUpdate) => api<NoticeRow>('notice/update', input);
export const deleteNotices = (input: { ids: number[] }) => api<unknown>('notice/delete', input);
export const releaseNotices = (input: { ids: number[] }) => api<unknown>('notice/release', input);
export const unreleaseNotices = (input: { ids: number[] }) => api<unknown>('notice/unrelease', input);

/** Student side: released notices whose display time has come. */
export const findMyNotices = (q: { page: number; size: number }) => api<Page<NoticePublic>>('notice/my', q);
export const getNoticeDetail = (input: { id: number }) => api<NoticePublic>('notice/detail', input);
