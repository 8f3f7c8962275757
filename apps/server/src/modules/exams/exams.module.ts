import { describePapers, registerPaperUse, searchPapers, type ExamPaperInfo as PaperInfo } from '../papers/index.js';
import { defineModule } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { setExamPaperSource, type ExamPaperInfo, type ExamPaperSource } from './exams.paper.js';
import { papersUsedByExams } from './exams.repository.js';
import { registerExamRoutes } from './exams.routes.js';
import { createExamsService } from './exams.service.js';

const asExamPaper = (p: PaperInfo): ExamPaperInfo => ({ ...p, id: String(p.id) });

/** The exam's paper source: the papers module (its ids are numbers, the source's are strings). */
export function papersSource(db: DbOrTx): ExamPaperSource {
  return {
    describePapers: async (ids) => {
      const found = await describePapers(db, ids.map(Number).filter(Number.isSafeInteger));
      return new Map([...found.values()].map((p) => [String(p.id), asExamPaper(p)]));
    },
    searchPapers: async (keyword, limit) => (await searchPapers(db, keyword, limit)).map(asExamPaper),
  };
}

export default defineModule({
  name: 'exams',
  register(app, ctx) {
    setExamPaperSource(papersSource(ctx.db));
    registerPaperUse(app, 'exam', { inUse: papersUsedByExams });
    registerExamRoutes(app, createExamsService({ db: ctx.db, lists: ctx.lists, jobs: ctx.jobs }));
  },
});
