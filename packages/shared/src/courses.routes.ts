import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { CountSchema, FileAnswerSchema, NewIdSchema, defineRoute } from './contract.js';
import { TreeSortSchema } from './orgs.js';
import { COURSEWARE_TYPES } from './courseware.js';
import {
  CourseCategoryInsertSchema,
  CourseCategoryNodeSchema,
  CourseCategoryUpdateSchema,
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

const write = <P extends string, C extends readonly [`kc${string}`, ...`kc${string}`[]]>(path: P, permission: C, operation: string) =>
  ({ method: 'POST', path, permission, operation }) as const;

/**
 * Course administration: the classification tree (kcfl), courses and their builder (kcgl), approval
 * of lecturers' courses (kcsp), comments (kcpl; learners post and read them with kc-pc).
 */
export const courseRoutes = {
  categoryTree: defineRoute({ method: 'POST', path: '/api/course-classify/tree', permission: ['kcfl', 'kcgl'], response: z.array(CourseCategoryNodeSchema) }),
  categoryInsert: defineRoute({ ...write('/api/course-classify/insert', ['kcfl:add'], 'course-classify.insert'), body: CourseCategoryInsertSchema, response: NewIdSchema }),
  categoryUpdate: defineRoute({ ...write('/api/course-classify/update', ['kcfl:modify'], 'course-classify.update'), body: CourseCategoryUpdateSchema, response: z.null() }),
  categoryDelete: defineRoute({ ...write('/api/course-classify/delete', ['kcfl:delete'], 'course-classify.delete'), body: IdBodySchema, response: z.null() }),
  categorySort: defineRoute({ ...write('/api/course-classify/sort', ['kcfl:modify'], 'course-classify.sort'), body: TreeSortSchema, response: z.null() }),

  list: defineRoute({ method: 'POST', path: '/api/course/list', permission: ['kcgl'], body: CourseListQuerySchema, response: pageSchema(CourseRowSchema) }),
  export: defineRoute({
    method: 'POST',
    path: '/api/course/export',
    permission: ['kcgl:export'],
    operation: 'course.export',
    body: CourseListExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  get: defineRoute({ method: 'POST', path: '/api/course/get', permission: ['kcgl', 'kcsp'], body: IdBodySchema, response: CourseDetailSchema }),
  insert: defineRoute({ ...write('/api/course/insert', ['kcgl:add'], 'course.insert'), body: CourseInsertSchema, response: NewIdSchema }),
  update: defineRoute({ ...write('/api/course/update', ['kcgl:modify'], 'course.update'), body: CourseUpdateSchema, response: z.null() }),
  saveChapters: defineRoute({ ...write('/api/course/chapters', ['kcgl:add', 'kcgl:modify'], 'course.chapters'), body: CourseChaptersSaveSchema, response: z.null() }),
  delete: defineRoute({ ...write('/api/course/delete', ['kcgl:delete'], 'course.delete'), body: IdsSchema, response: CountSchema }),
  publish: defineRoute({ ...write('/api/course/publish', ['kcgl:publish'], 'course.publish'), body: IdsSchema, response: CountSchema }),
  unpublish: defineRoute({ ...write('/api/course/unpublish', ['kcgl:unpublish'], 'course.unpublish'), body: IdsSchema, response: CountSchema }),
  offShelf: defineRoute({ ...write('/api/course/off-shelf', ['kcgl:unpublish'], 'course.offShelf'), body: IdsSchema, response: CountSchema }),
  submit: defineRoute({ ...write('/api/course/submit', ['kcgl:add'], 'course.submit'), body: IdsSchema, response: CountSchema }),

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
  approve: defineRoute({ ...write('/api/course-approval/approve', ['kcsp:approve'], 'course.approve'), body: IdsSchema, response: CountSchema }),
  refuse: defineRoute({ ...write('/api/course-approval/refuse', ['kcsp:approve'], 'course.refuse'), body: CourseRefuseSchema, response: CountSchema }),

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
  commentShield: defineRoute({ ...write('/api/course-comment/manage/shield', ['kcpl:modify'], 'course-comment.shield'), body: IdsSchema, response: CountSchema }),
  commentRestore: defineRoute({ ...write('/api/course-comment/manage/restore', ['kcpl:modify'], 'course-comment.restore'), body: IdsSchema, response: CountSchema }),
};
