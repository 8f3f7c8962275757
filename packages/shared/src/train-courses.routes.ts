import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { FileAnswerSchema, batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  TrainCourseCreateSchema,
  TrainCourseDetailSchema,
  TrainCourseExportSchema,
  TrainCourseLecturerQuerySchema,
  TrainCourseLecturerSchema,
  TrainCourseListQuerySchema,
  TrainCourseOptionQuerySchema,
  TrainCourseOptionSchema,
  TrainCourseRowSchema,
  TrainCourseUpdateSchema,
} from './train-courses.js';

const base = '/api/train-course';

/**
 * Face-to-face courses (pxkcgl; data scope by the record's organization): the classification tree,
 * list, detail (`add-train-course?id=`), writes, enable/disable, Excel export, and the pickers.
 */
export const trainCourseRoutes = {
  ...categoryTreeRoutes('train-course-sort', ['pxkcgl', 'pxapgl'], 'pxkcgl'),
  ...listGetRoutes(base, ['pxkcgl'], { query: TrainCourseListQuerySchema, row: TrainCourseRowSchema, detail: TrainCourseDetailSchema }),
  insert: writeRoute(`${base}/insert`, ['pxkcgl:add'], 'trainCourse.insert', { body: TrainCourseCreateSchema, response: TrainCourseDetailSchema }),
  update: writeRoute(`${base}/update`, ['pxkcgl:modify'], 'trainCourse.update', { body: TrainCourseUpdateSchema, response: TrainCourseDetailSchema }),
  delete: batchRoute(`${base}/delete`, ['pxkcgl:delete'], 'trainCourse.delete'),
  enable: batchRoute(`${base}/enable`, ['pxkcgl:modify'], 'trainCourse.enable'),
  disable: batchRoute(`${base}/disable`, ['pxkcgl:modify'], 'trainCourse.disable'),
  export: writeRoute(`${base}/export`, ['pxkcgl:export'], 'trainCourse.export', { body: TrainCourseExportSchema, response: FileAnswerSchema, kind: 'download' }),
  /** The course picker of the class editor (training arrangement, pxapgl) and of this module: names only, every organization. */
  options: defineRoute({
    method: 'POST',
    path: `${base}/options`,
    permission: ['pxkcgl', 'pxapgl'],
    body: TrainCourseOptionQuerySchema,
    response: z.array(TrainCourseOptionSchema),
  }),
  /** The lecturer picker of the edit page (without the lecturer menu): normal lecturers by name, at most 50. */
  lecturerOptions: defineRoute({
    method: 'POST',
    path: `${base}/lecturer-options`,
    permission: ['pxkcgl'],
    body: TrainCourseLecturerQuerySchema,
    response: z.array(TrainCourseLecturerSchema),
  }),
};
