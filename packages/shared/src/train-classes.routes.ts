import { z } from 'zod';
import { IdBodySchema, pageSchema } from './api.js';
import { FileAnswerSchema, batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  MyTrainClassQuerySchema,
  MyTrainClassRowSchema,
  TrainClassCalendarQuerySchema,
  TrainClassCalendarSchema,
  TrainClassCancelSchema,
  TrainClassChoiceQuerySchema,
  TrainClassChoiceSchema,
  TrainClassCreateSchema,
  TrainClassDetailSchema,
  TrainClassExportSchema,
  TrainClassListQuerySchema,
  TrainClassOptionQuerySchema,
  TrainClassOptionSchema,
  TrainClassRowSchema,
  TrainClassUpdateSchema,
  TrainClassNoticeSchema,
  TrainClassNoticeSendSchema,
} from './train-classes.js';

/**
 * Training classes (`pxapgl`, data scope by the host department `org_id`; the student portal's catalogue is
 * train-enrolments' `/api/train-enrolment/catalog`); the class-teacher (`pxgl-bzr`) and lecturer (`pxgl-js`) ends.
 */
const ClassIdBodySchema = z.strictObject({ classId: IdBodySchema.shape.id });

export const trainClassRoutes = {
  /**
   * Notices to a class's admitted trainees (in-site messages): its class teacher (`pxgl-bzr`), or a class
   * manager of its scope (`pxapgl`; sending `pxapgl:modify`). The service checks which class.
   */
  noticeList: defineRoute({
    method: 'POST',
    path: '/api/train-class/notice/list',
    permission: ['pxapgl', 'pxgl-bzr'],
    body: ClassIdBodySchema,
    response: z.array(TrainClassNoticeSchema),
  }),
  noticeSend: writeRoute('/api/train-class/notice/send', ['pxapgl:modify', 'pxgl-bzr'], 'trainClass.notice', {
    body: TrainClassNoticeSendSchema,
    response: TrainClassNoticeSchema,
  }),
  ...listGetRoutes('/api/train-class', ['pxapgl'], { query: TrainClassListQuerySchema, row: TrainClassRowSchema, detail: TrainClassDetailSchema }),
  insert: writeRoute('/api/train-class/insert', ['pxapgl:add'], 'trainClass.insert', { body: TrainClassCreateSchema, response: TrainClassDetailSchema }),
  update: writeRoute('/api/train-class/update', ['pxapgl:modify'], 'trainClass.update', { body: TrainClassUpdateSchema, response: TrainClassDetailSchema }),
  delete: batchRoute('/api/train-class/delete', ['pxapgl:delete'], 'trainClass.delete'),
  publish: batchRoute('/api/train-class/publish', ['pxapgl:publish'], 'trainClass.publish'),
  /** Back to "to be published" (students no longer see it). */
  offline: batchRoute('/api/train-class/offline', ['pxapgl:unpublish'], 'trainClass.offline'),
  cancel: writeRoute('/api/train-class/cancel', ['pxapgl:modify'], 'trainClass.cancel', { body: TrainClassCancelSchema, response: TrainClassDetailSchema }),
  complete: batchRoute('/api/train-class/complete', ['pxapgl:modify'], 'trainClass.complete'),
  /** Submits the class application to its approval flow (`trainingClass`). */
  submit: writeRoute('/api/train-class/submit', ['pxapgl:modify'], 'trainClass.submit', { body: IdBodySchema, response: TrainClassDetailSchema }),
  /** Excel of the list (its filters and order). */
  export: writeRoute('/api/train-class/export', ['pxapgl:export'], 'trainClass.export', { body: TrainClassExportSchema, response: FileAnswerSchema, kind: 'download' }),
  calendar: defineRoute({
    method: 'POST',
    path: '/api/train-class/calendar',
    permission: ['pxapgl'],
    body: TrainClassCalendarQuerySchema,
    response: TrainClassCalendarSchema,
  }),
  /** Classes in scope by name or code, for pickers of other pages (roster, attendance, results). */
  options: defineRoute({
    method: 'POST',
    path: '/api/train-class/options',
    permission: ['pxapgl', 'pxbmsp', 'pxkqsp', 'pxjgsp'],
    body: TrainClassOptionQuerySchema,
    response: z.array(TrainClassOptionSchema),
  }),
  /** The editor's pickers (at most 30 choices), so a class manager needs no code of the rooms, lecturers or users pages. */
  choices: defineRoute({
    method: 'POST',
    path: '/api/train-class/choices',
    permission: ['pxapgl'],
    body: TrainClassChoiceQuerySchema,
    response: z.array(TrainClassChoiceSchema),
  }),
  myHeadmaster: defineRoute({
    method: 'POST',
    path: '/api/train-class/my-headmaster',
    permission: ['pxgl-bzr'],
    body: MyTrainClassQuerySchema,
    response: pageSchema(MyTrainClassRowSchema),
  }),
  myLecturer: defineRoute({
    method: 'POST',
    path: '/api/train-class/my-lecturer',
    permission: ['pxgl-js'],
    body: MyTrainClassQuerySchema,
    response: pageSchema(MyTrainClassRowSchema),
  }),
  /** One class of mine on an end (class teacher or lecturer of one of its stages). */
  myGet: defineRoute({ method: 'POST', path: '/api/train-class/my-get', permission: ['pxgl-bzr', 'pxgl-js'], body: IdBodySchema, response: TrainClassDetailSchema }),
};
