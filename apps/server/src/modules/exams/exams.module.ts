import { describePapers, registerPaperUse, searchPapers } from '../papers/index.js';
import { defineModule } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { examPapersOf, setExamPaperSource, type ExamPaperSource } from './exams.paper.js';
import { papersUsedByExams } from './exams.repository.js';
import { registerExamRoutes } from './exams.routes.js';
import { createExamsService } from './exams.service.js';
import { registerExamAttemptRoutes } from './exam-attempt.routes.js';
import { createExamAttemptService } from './exam-attempt.service.js';
import { attemptOrgPath } from './exam-attempt.repository.js';
import { registerFileReadRule } from '../uploads/index.js';
import { pathInScope } from '../../platform/scope.js';
import { registerExamGradeRoutes } from './exam-grades.routes.js';
import { createExamMarkingService } from './exam-marking.service.js';
import { createExamGradesService } from './exam-grades.service.js';

/** The exam's paper source: the papers module. */
export function papersSource(db: DbOrTx): ExamPaperSource {
  return { describePapers: (ids) => describePapers(db, ids), searchPapers: (keyword, limit) => searchPapers(db, keyword, limit) };
}

export default defineModule({
  name: 'exams',
  async register(app, ctx) {
    setExamPaperSource(app, papersSource(ctx.db));
    registerPaperUse(app, 'exam', { inUse: papersUsedByExams });
    registerExamRoutes(app, createExamsService({ db: ctx.db, lists: ctx.lists, jobs: ctx.jobs, paperSource: examPapersOf(app) }));
    const attempts = createExamAttemptService({ db: ctx.db, jobs: ctx.jobs, storage: ctx.storage });
    registerExamAttemptRoutes(app, attempts);
    // Exam photos: the examinee (the uploader) and monitors (jkgl) whose data scope covers the exam's organization.
    registerFileReadRule(app, 'exam-photo', async (p, file) => {
      if (!p.permissions.has('jkgl') || file.refId == null) return false;
      const path = await attemptOrgPath(ctx.db, file.refId);
      return path !== undefined && pathInScope(p, path ?? '');
    });
    await attempts.scheduleSweep();
    registerExamGradeRoutes(app, createExamMarkingService({ db: ctx.db }), createExamGradesService({ db: ctx.db }));
  },
});
