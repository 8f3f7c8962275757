// Writes that create learner rows or move their state's counts: kept apart from the repository
// (which joins the courses module's tables) so the module's index can offer them to others
// (learning assignments enrol their audience) without an import cycle.
import { sql, type SQL } from 'drizzle-orm';
import { LEARNER_LIFECYCLE } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';

/**
 * Adds to people's totals (`learner_totals`) in the caller's transaction: `rows` is a statement
 * answering `user_id` and the changes (`learning`, `passed`, `learned_seconds`, `credits`, `touched`),
 * one row per user.
 */
function addToTotals(rows: SQL): SQL {
  return sql`insert into learner_totals (user_id, learning, passed, learned_seconds, credits, last_learned_at)
    select d.user_id, d.learning, d.passed, d.learned_seconds, d.credits, case when d.touched then now() end from (${rows}) d
    on conflict (user_id) do update set learning = learner_totals.learning + excluded.learning, passed = learner_totals.passed + excluded.passed,
      learned_seconds = learner_totals.learned_seconds + excluded.learned_seconds, credits = learner_totals.credits + excluded.credits,
      last_learned_at = coalesce(excluded.last_learned_at, learner_totals.last_learned_at)`;
}

/** "Start learning": the learner row in the lifecycle's first state (again harmlessly), counted in the person's totals. */
export async function insertLearner(tx: DbOrTx, courseId: number, userId: number) {
  await tx.execute(sql`with ins as (insert into course_learners (course_id, user_id, source, status) values (${courseId}, ${userId}, 'self', ${LEARNER_LIFECYCLE.initial})
      on conflict do nothing returning user_id)
    ${addToTotals(sql`select user_id, 1 as learning, 0 as passed, 0 as learned_seconds, 0 as credits, false as touched from ins`)}`);
}

/**
 * Makes people learners of courses (a learning assignment's publication): `pairs` answers
 * `course_id, user_id`; one INSERT … SELECT whatever their number, rows already there kept as
 * they are (a self learner stays one), the new ones counted in their people's totals.
 */
export async function enrolLearners(tx: DbOrTx, pairs: SQL, source: 'self' | 'assignment') {
  await tx.execute(sql`with ins as (insert into course_learners (course_id, user_id, source, status)
      select p.course_id, p.user_id, ${source}, ${LEARNER_LIFECYCLE.initial} from (${pairs}) p on conflict do nothing returning user_id)
    ${addToTotals(sql`select user_id, count(*)::int as learning, 0 as passed, 0 as learned_seconds, 0 as credits, false as touched from ins group by user_id`)}`);
}

/** The person's totals after a pass: one course less learning, one more passed, its credit. */
export async function countPass(tx: DbOrTx, userId: number, credit: number) {
  await tx.execute(addToTotals(sql`select ${userId}::int as user_id, -1 as learning, 1 as passed, 0 as learned_seconds, ${credit}::int as credits, false as touched`));
}

/**
 * Counts people's totals again from their learner rows (rows written straight into the table:
 * a bench's or a test's seed, a repair); every person when `userIds` is left out.
 */
export async function recountLearnerTotals(tx: DbOrTx, userIds?: number[]) {
  const only = userIds ? sql`where user_id = any(${sql.param(userIds)}::int[])` : sql``;
  await tx.execute(sql`delete from learner_totals ${only}`);
  await tx.execute(sql`insert into learner_totals (user_id, learning, passed, learned_seconds, credits, last_learned_at)
    select user_id, count(*) filter (where status = 'learning'), count(*) filter (where status = 'passed'), coalesce(sum(learned_seconds), 0),
      coalesce(sum(credit_awarded), 0), max(last_learned_at)
    from course_learners ${only} group by user_id`);
}
