import { z } from 'zod';
import { IdBodySchema } from './api.js';
import { CountSchema, FileAnswerSchema, defineRoute, writeRoute } from './contract.js';
import { pageSchema } from './api.js';
import { UserImportErrorsSchema, UserImportResultSchema } from './users.js';
import {
  TrainCatalogDetailSchema,
  TrainCatalogQuerySchema,
  TrainCatalogRowSchema,
  TrainClassSeatsSchema,
  TrainEnrolmentApplySchema,
  TrainEnrolmentCancelMineSchema,
  TrainEnrolmentCancelSchema,
  TrainEnrolmentDecideSchema,
  TrainEnrolmentEnrolResultSchema,
  TrainEnrolmentEnrolSchema,
  TrainEnrolmentExportSchema,
  TrainEnrolmentImportQuerySchema,
  TrainEnrolmentListQuerySchema,
  TrainEnrolmentRowSchema,
  TrainMyQuerySchema,
  TrainMyRowSchema,
  TRAIN_ENROLMENT_LIFECYCLE,
} from './train-enrolments.js';

const ClassIdBodySchema = z.strictObject({ classId: IdBodySchema.shape.id });
/** Who reads a roster: managers of the class's scope; the class teacher (`pxgl-bzr`) and lecturers (`pxgl-js`) of that class only (the service checks). */
const ROSTER_READERS = ['pxapgl', 'pxbmsp', 'pxgl-bzr', 'pxgl-js'] as const;

/**
 * Sign-ups to training classes. Back office: the roster of a class (manage-train-sign, manage-train-name,
 * add-train-name) under `pxapgl` (training class management: direct enrolment and import are `pxapgl:add`,
 * cancelling people `pxapgl:modify`), enrolment approval under `pxbmsp`; both read the sign-ups of classes
 * whose host department is in the caller's data scope. Student side: any signed-in person (classes have no
 * audience rules yet).
 */
export const trainEnrolmentRoutes = {
  list: defineRoute({
    method: 'POST',
    path: '/api/train-enrolment/list',
    permission: ROSTER_READERS,
    body: TrainEnrolmentListQuerySchema,
    response: pageSchema(TrainEnrolmentRowSchema),
  }),
  seats: defineRoute({ method: 'POST', path: '/api/train-enrolment/seats', permission: ROSTER_READERS, body: ClassIdBodySchema, response: TrainClassSeatsSchema }),
  enrol: writeRoute('/api/train-enrolment/enrol', ['pxapgl:add'], 'trainEnrolment.enrol', { body: TrainEnrolmentEnrolSchema, response: TrainEnrolmentEnrolResultSchema }),
  cancel: writeRoute('/api/train-enrolment/cancel', ['pxapgl:modify'], 'trainEnrolment.cancel', { body: TrainEnrolmentCancelSchema, response: CountSchema }),
  decide: writeRoute('/api/train-enrolment/decide', ['pxbmsp:approve'], 'trainEnrolment.decide', { body: TrainEnrolmentDecideSchema, response: CountSchema }),
  export: writeRoute('/api/train-enrolment/export', ['pxapgl:export', 'pxbmsp:export'], 'trainEnrolment.export', {
    body: TrainEnrolmentExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  template: writeRoute('/api/train-enrolment/template', ['pxapgl:add'], 'trainEnrolment.template', { response: FileAnswerSchema, kind: 'download' }),
  /** Multipart `file`; `classId`, `mode` (check | commit) and `skipInvalid` in the query. */
  import: writeRoute('/api/train-enrolment/import', ['pxapgl:add'], 'trainEnrolment.import', {
    query: TrainEnrolmentImportQuerySchema,
    response: UserImportResultSchema,
    kind: 'upload',
  }),
  importErrors: writeRoute('/api/train-enrolment/import/errors', ['pxapgl:add'], 'trainEnrolment.import.errors', {
    body: UserImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),

  // The student's side.
  apply: defineRoute({
    method: 'POST',
    path: '/api/train-enrolment/apply',
    permission: 'authenticated',
    operation: 'trainEnrolment.apply',
    body: TrainEnrolmentApplySchema,
    response: z.object({ state: TRAIN_ENROLMENT_LIFECYCLE.stateSchema }),
  }),
  cancelMine: defineRoute({
    method: 'POST',
    path: '/api/train-enrolment/cancel-mine',
    permission: 'authenticated',
    operation: 'trainEnrolment.cancelMine',
    body: TrainEnrolmentCancelMineSchema,
    response: z.object({ state: TRAIN_ENROLMENT_LIFECYCLE.stateSchema }),
  }),
  my: defineRoute({ method: 'POST', path: '/api/train-enrolment/my', permission: 'authenticated', body: TrainMyQuerySchema, response: pageSchema(TrainMyRowSchema) }),
  catalog: defineRoute({
    method: 'POST',
    path: '/api/train-enrolment/catalog',
    permission: 'authenticated',
    body: TrainCatalogQuerySchema,
    response: pageSchema(TrainCatalogRowSchema),
  }),
  catalogGet: defineRoute({ method: 'POST', path: '/api/train-enrolment/catalog/get', permission: 'authenticated', body: IdBodySchema, response: TrainCatalogDetailSchema }),
};
