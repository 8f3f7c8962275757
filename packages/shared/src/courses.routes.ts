import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { IdBodySchema, pageSchema } from './api.js';
import { CountSchema, FileAnswerSchema, NewIdSchema, batchRoute, defineRoute, publishRoutes, writeRoute } from './contract.js';
import { COURSEWARE_TYPES } from './courseware.js';
import {
  CourseChaptersSaveSchema,
  CourseCommentListQuerySchema,
  CourseCommentManageQuerySchema,
  CourseCommentPostSchema,
  CourseCommentRowSchema,
  CourseCommentSchema,
  CourseDetailSchema,
  CourseInsertSchema,
  CourseListExportSchema,
  CourseListQuerySchema,
  CourseOptionQuerySchema,
  CourseOptionSchema,
  CourseRefuseSchema,
  CourseRowSchema,
  CourseUpdateSchema,
} from './courses.js';

/**
 * Course administration: the classification tree (kcfl), courses and their builder (kcgl), approval
 * of lecturers' courses (kcsp), comments (kcpl; learners post and read them with kc-pc).
 */
export const courseRoutes = {
  ...categoryTreeRoutes('course-classify', ['kcfl', 'kcgl'], 'kcfl'),

  list: defineRoute({ method: 'POST', path: '/api/course/list', permission: ['kcgl'], body: CourseListQuerySchema, response: pageSchema(CourseRowSchema) }),
  export: writeRoute('/api/course/export', ['kcgl:export'], 'course.export', { body: CourseListExportSchema, response: FileAnswerSchema, kind: 'download' }),
  get: defineRoute({ method: 'POST', path: '/api/course/get', permission: ['kcgl', 'kcsp'], body: IdBodySchema, response: CourseDetailSchema }),
  insert: writeRoute('/api/course/insert', ['kcgl:add'], 'course.insert', { body: CourseInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/course/update', ['kcgl:modify'], 'course.update', { body: CourseUpdateSchema, response: z.null() }),
  saveChapters: writeRoute('/api/course/chapters', ['kcgl:add', 'kcgl:modify'], 'course.chapters', { body: CourseChaptersSaveSchema, response: z.null() }),
  delete: batchRoute('/api/course/delete', ['kcgl:delete'], 'course.delete'),
  ...publishRoutes('/api/course', 'kcgl', 'course'),
  offShelf: batchRoute('/api/course/off-shelf', ['kcgl:unpublish'], 'course.offShelf'),
  submit: batchRoute('/api/course/submit', ['kcgl:add'], 'course.submit'),

  /** Pickers of the builder: lecturers (by name) and certificate templates, without the lecturer/certificate menus. */
  lecturerOptions: defineRoute({
    method: 'POST',
    path: '/api/course/lecturer-options',
    permission: ['kcgl'],
    body: CourseOptionQuerySchema,
    response: z.array(CourseOptionSchema),
  }),
  coursewareOptions: defineRoute({
    method: 'POST',
    path: '/api/course/courseware-options',
    permission: ['kcgl'],
    body: CourseOptionQuerySchema,
    response: z.array(CourseOptionSchema.extend({ type: z.enum(COURSEWARE_TYPES) })),
  }),
  certificateOptions: defineRoute({
    method: 'POST',
    path: '/api/course/certificate-options',
    permission: ['kcgl'],
    body: CourseOptionQuerySchema,
    response: z.array(CourseOptionSchema),
  }),

  approvalList: defineRoute({ method: 'POST', path: '/api/course-approval/list', permission: ['kcsp'], body: CourseListQuerySchema, response: pageSchema(CourseRowSchema) }),
  /** The approval page (kcsp) and the course list (kcgl) both carry `approve`. */
  approve: batchRoute('/api/course-approval/approve', ['kcsp:approve', 'kcgl:approve'], 'course.approve'),
  refuse: writeRoute('/api/course-approval/refuse', ['kcsp:approve', 'kcgl:approve'], 'course.refuse', { body: CourseRefuseSchema, response: CountSchema }),

  commentList: defineRoute({
    method: 'POST',
    path: '/api/course-comment/list',
    permission: ['kc-pc'],
    body: CourseCommentListQuerySchema,
    response: pageSchema(CourseCommentSchema),
  }),
  commentPost: defineRoute({ method: 'POST', path: '/api/course-comment/post', permission: ['kc-pc'], body: CourseCommentPostSchema, response: NewIdSchema }),
  commentManageList: defineRoute({
    method: 'POST',
    path: '/api/course-comment/manage/list',
    permission: ['kcpl'],
    body: CourseCommentManageQuerySchema,
    response: pageSchema(CourseCommentRowSchema),
  }),
  commentShield: batchRoute('/api/course-comment/manage/shield', ['kcpl:modify'], 'course-comment.shield'),
  commentRestore: batchRoute('/api/course-comment/manage/restore', ['kcpl:modify'], 'course-comment.restore'),
};
