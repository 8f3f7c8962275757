import {
  type TrainClassExport,
  trainClassRoutes as routes,
  type MyTrainClassQuery,
  type TrainClassCancel,
  type TrainClassCalendarQuery,
  type TrainClassChoiceQuery,
  type TrainClassCreate,
  type TrainClassListQuery,
  type TrainClassUpdate,
  type TrainClassNoticeSend,
  type TrainClassOptionQuery,
} from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

const LONG = { timeout: 5 * 60_000 };

export type TrainClassQuery = Partial<TrainClassListQuery> & { page: number; size: number };

export const findTrainClasses = (q: TrainClassQuery) => call(routes.list, q);
export const getTrainClassById = (input: { id: number }) => call(routes.get, input);
export const insertTrainClass = (input: TrainClassCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateTrainClass = (input: TrainClassUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteTrainClasses = (input: { ids: number[] }) => call(routes.delete, input);
export const publishTrainClasses = (input: { ids: number[] }) => call(routes.publish, input);
export const offlineTrainClasses = (input: { ids: number[] }) => call(routes.offline, input);
export const completeTrainClasses = (input: { ids: number[] }) => call(routes.complete, input);
export const cancelTrainClass = (input: TrainClassCancel) => call(routes.cancel, input);
export const submitTrainClass = (input: { id: number }) => call(routes.submit, input);
export const exportTrainClasses = (q: Omit<Partial<TrainClassExport>, 'lang' | 'timeZone'>) => call(routes.export, { ...q, ...exportLocale() }, LONG);
export const trainClassCalendar = (q: TrainClassCalendarQuery) => call(routes.calendar, q);
export const trainClassOptions = (input: TrainClassOptionQuery) => call(routes.options, input);
export const trainClassChoices = (q: TrainClassChoiceQuery) => call(routes.choices, q);
export const myHeadmasterClasses = (q: MyTrainClassQuery) => call(routes.myHeadmaster, q);
export const myLecturerClasses = (q: MyTrainClassQuery) => call(routes.myLecturer, q);
export const getMyTrainClass = (input: { id: number }) => call(routes.myGet, input);
export const findClassNotices = (input: { classId: number }) => call(routes.noticeList, input);
export const sendClassNotice = (input: TrainClassNoticeSend) => call(routes.noticeSend, input);
