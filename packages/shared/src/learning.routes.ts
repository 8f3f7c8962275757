import { IdBodySchema, pageSchema } from './api.js';
import { defineRoute } from './contract.js';
import {
  HeartbeatAnswerSchema,
  HeartbeatSchema,
  LearnerStateSchema,
  LearningItemBodySchema,
  LearningItemOpenSchema,
  LearningItemSchema,
  MyCourseQuerySchema,
  MyCourseRowSchema,
  StudentCourseDetailSchema,
  StudentCourseQuerySchema,
  StudentCourseRowSchema,
} from './learning.js';
import { z } from 'zod';

const tags = ['learning'] as const;
const permission = ['kc-pc'] as const;

/** The student side of courses: the list open to the caller, the detail, learning (heartbeats), my courses. */
export const learningRoutes = {
  courseList: defineRoute({
    method: 'POST',
    path: '/api/learning/course/list',
    permission,
    tags,
    body: StudentCourseQuerySchema,
    response: pageSchema(StudentCourseRowSchema),
  }),
  courseGet: defineRoute({ method: 'POST', path: '/api/learning/course/get', permission, tags, body: IdBodySchema, response: StudentCourseDetailSchema }),
  start: defineRoute({ method: 'POST', path: '/api/learning/course/start', permission, tags, body: IdBodySchema, response: LearnerStateSchema }),
  open: defineRoute({ method: 'POST', path: '/api/learning/item/open', permission, tags, body: LearningItemBodySchema, response: LearningItemOpenSchema }),
  heartbeat: defineRoute({ method: 'POST', path: '/api/learning/heartbeat', permission, tags, body: HeartbeatSchema, response: HeartbeatAnswerSchema }),
  /** After a SCORM commit or a file download: the server reads the item's state again. */
  sync: defineRoute({
    method: 'POST',
    path: '/api/learning/item/sync',
    permission,
    tags,
    body: LearningItemBodySchema,
    response: z.object({ item: LearningItemSchema, learner: LearnerStateSchema }),
  }),
  answerChallenge: defineRoute({
    method: 'POST',
    path: '/api/learning/challenge/answer',
    permission,
    tags,
    body: IdBodySchema,
    response: z.object({ challengeInSeconds: z.number().nullable() }),
  }),
  my: defineRoute({ method: 'POST', path: '/api/learning/my', permission, tags, body: MyCourseQuerySchema, response: pageSchema(MyCourseRowSchema) }),
};
