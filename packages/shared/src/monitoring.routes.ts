import { defineRoute } from './contract.js';
import { pageSchema } from './api.js';
import { AttemptPhotosQuerySchema, AttemptPhotosSchema, ExamineePageSchema, ExamineeQuerySchema, MonitoredExamQuerySchema, MonitoredExamRowSchema } from './monitoring.js';

/** Exam monitoring (jkgl; only exams of the caller's data scope). */
export const monitoringRoutes = {
  /** monitoring-manage: published, started and recently ended exams with their counts. */
  exams: defineRoute({ method: 'POST', path: '/api/monitoring/exams', permission: ['jkgl'], body: MonitoredExamQuerySchema, response: pageSchema(MonitoredExamRowSchema) }),
  /** view-monitoring, monitoring-screen-detail: one exam's examinees, live. */
  examinees: defineRoute({ method: 'POST', path: '/api/monitoring/examinees', permission: ['jkgl'], body: ExamineeQuerySchema, response: ExamineePageSchema }),
  /** user-monitoring-photo: every photo of one attempt, in time order. */
  photos: defineRoute({ method: 'POST', path: '/api/monitoring/photos', permission: ['jkgl'], body: AttemptPhotosQuerySchema, response: AttemptPhotosSchema }),
};
