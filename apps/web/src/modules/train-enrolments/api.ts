import {
  trainEnrolmentRoutes as routes,
  type TrainCatalogQuery,
  type TrainEnrolmentCancel,
  type TrainEnrolmentDecide,
  type TrainEnrolmentEnrol,
  type TrainEnrolmentListQuery,
  type TrainMyQuery,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

const LONG = { timeout: 5 * 60_000 };

export const findEnrolments = (q: Partial<TrainEnrolmentListQuery> & { page: number; size: number }) => call(routes.list, q);
export const classSeats = (classId: number) => call(routes.seats, { classId });
export const enrolPeople = (input: TrainEnrolmentEnrol) => call(routes.enrol, input);
export const cancelEnrolments = (input: TrainEnrolmentCancel) => call(routes.cancel, input);
export const decideEnrolments = (input: TrainEnrolmentDecide) => call(routes.decide, input);
export const exportRoster = (q: Partial<TrainEnrolmentListQuery> & { classId: number }) => call(routes.export, { ...q, ...exportLocale() }, LONG);
export const downloadEnrolmentTemplate = () => call(routes.template);
/** `check` validates every row; `commit` enrols the good rows (only with `skipInvalid` when some are bad). */
export function importEnrolments(classId: number, input: { file: File; mode: 'check' | 'commit'; skipInvalid?: boolean }) {
  const form = new FormData();
  form.append('mode', input.mode);
  form.append('skipInvalid', String(!!input.skipInvalid));
  form.append('file', input.file, input.file.name);
  return call(routes.import, { form, classId }, { silent: true, ...LONG });
}
export const downloadEnrolmentImportErrors = (input: { id: string }) => call(routes.importErrors, input);

// The student's side.
export const applyToClass = (classId: number) => call(routes.apply, { classId });
export const cancelMyEnrolment = (classId: number) => call(routes.cancelMine, { classId });
export const findMyTraining = (q: Partial<TrainMyQuery> & { page: number; size: number }) => call(routes.my, q);
export const findTrainCatalog = (q: Partial<TrainCatalogQuery> & { page: number; size: number }) => call(routes.catalog, q);
export const getTrainCatalogClass = (id: number) => call(routes.catalogGet, { id });
