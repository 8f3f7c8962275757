import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inScope } from '../../platform/scope.js';
import { examAttempts, exams } from '../exams/index.js';

/** Management home: examinees taking an exam of the caller's scope right now (the card opens `monitoring-manage`). */
export function registerMonitoringDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'examineesTaking',
    codes: ['jkgl'],
    order: 61,
    load: async (principal) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(examAttempts)
        .innerJoin(exams, sql`${exams.id} = ${examAttempts.examId}`)
        .where(sql`${examAttempts.status} = 'ongoing' and ${inScope(principal, exams.orgId)}`);
      return { kind: 'count', value: row?.n ?? 0 };
    },
  });
}
