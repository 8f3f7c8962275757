import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { countColumn, countFigure } from '../../platform/dashboard.js';
import { inScope } from '../../platform/scope.js';
import { examAttempts, exams } from '../exams/index.js';

/** Management home: examinees taking an exam of the caller's scope right now (the card opens `monitoring-manage`). */
export function registerMonitoringDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'examineesTaking',
    codes: ['jkgl'],
    order: 61,
    load: (principal) =>
      countFigure(
        db
          .select(countColumn)
          .from(examAttempts)
          .innerJoin(exams, sql`${exams.id} = ${examAttempts.examId}`)
          .where(sql`${examAttempts.status} = 'ongoing' and ${inScope(principal, exams.orgId)}`),
      ),
  });
}
