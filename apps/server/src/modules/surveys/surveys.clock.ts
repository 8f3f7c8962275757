import { SURVEY_LIFECYCLE } from '@hanlin/shared';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { JobFailure, type JobQueue } from '../../platform/jobs.js';
import { applyStatusTransition } from '../../platform/lifecycle.js';
import { sendMessage } from '../messages/index.js';
import { readPlatformParams } from '../settings/index.js';
import * as repo from './surveys.repository.js';
import { surveys } from './surveys.schema.js';

/**
 * The survey clock (pg-boss jobs, so it holds across restarts and nodes). Releasing a survey, or
 * extending a released one's end, sends one job per step at its moment:
 * - `open` at the start: the audience's active members are told the survey is open until its end;
 * - `remind` the parameter `surveyReminderHours` before the end: those who have not answered yet;
 * - `end` at the end: the stored state becomes `ended` (reads compute it before).
 * A job decides on the survey as it is when it runs, on the server's clock: a survey unreleased,
 * deleted, moved or already told does nothing, so no job has to be cancelled.
 */
export const SURVEY_CLOCK_JOB = 'surveys.clock';
const STEPS = ['open', 'remind', 'end'] as const;
type Step = (typeof STEPS)[number];
export interface SurveyTick {
  surveyId: number;
  step: Step;
  /** The moment the job was sent for (ms). */
  at: number;
}
type Times = { startAt: Date; endAt: Date };

/** When each step is due; no reminder when it would come before the start (the open message says the end). */
function momentsOf(r: Times, leadHours: number): Partial<Record<Step, Date>> {
  const remind = new Date(r.endAt.getTime() - leadHours * 3600_000);
  return { open: r.startAt, ...(leadHours > 0 && remind > r.startAt ? { remind } : {}), end: r.endAt };
}
const leadHours = async (dbx: DbOrTx) => (await readPlatformParams(dbx)).surveyReminderHours;

export function createSurveyClock({ db, jobs }: { db: Db; jobs: JobQueue }) {
  /** Sends the jobs of a released survey's steps with the caller's transaction (one per step and moment). */
  async function schedule(tx: DbOrTx, r: { id: number } & Times) {
    const moments = momentsOf(r, await leadHours(tx));
    for (const step of STEPS) {
      const at = moments[step];
      if (!at) continue;
      const tick: SurveyTick = { surveyId: r.id, step, at: at.getTime() };
      await jobs.enqueue(SURVEY_CLOCK_JOB, tick, { runAfter: at, dedupeKey: `${SURVEY_CLOCK_JOB}:${r.id}:${step}:${tick.at}`, db: tx });
    }
  }

  /** Does the step if it is due now; answers whether it did, and the step's current moment. */
  async function run(tx: DbOrTx, r: repo.ClockRecord, step: Step, now: Date) {
    const moments = momentsOf(r, await leadHours(tx));
    const at = moments[step];
    const open = now >= r.startAt && now < r.endAt;
    const params = { name: r.name, endAt: r.endAt.toISOString() };
    if (step === 'open' && open && !r.openNoticeAt) {
      await sendMessage(tx, { to: repo.activeAudience(r.id), template: 'surveyOpened', params });
      await repo.updateSurvey(tx, r.id, { openNoticeAt: now });
      return { done: true, at };
    }
    // The open message already tells the end: a reminder follows it, not the other way round.
    if (step === 'remind' && at && open && now >= at && r.openNoticeAt && r.openNoticeAt < at && !(r.remindedAt && r.remindedAt >= at)) {
      await sendMessage(tx, { to: repo.unansweredAudience(r.id), template: 'surveyReminder', params });
      await repo.updateSurvey(tx, r.id, { remindedAt: now });
      return { done: true, at };
    }
    if (step === 'end' && now >= r.endAt) {
      await applyStatusTransition(tx, { lifecycle: SURVEY_LIFECYCLE, command: 'end', rows: [r], table: surveys, set: { updatedAt: now } });
      return { done: true, at };
    }
    return { done: false, at };
  }

  jobs.handle<SurveyTick>(
    SURVEY_CLOCK_JOB,
    async ({ payload }) => {
      await db.transaction(async (tx) => {
        const [r] = await repo.lockClockRow(tx, payload.surveyId);
        if (!r || r.status !== 'released') return; // unreleased, ended or gone: nothing to do
        const now = new Date();
        const { done, at } = await run(tx, r, payload.step, now);
        if (done) return;
        // Run before its moment (this node's clock behind the database's): again shortly, not never.
        if (at?.getTime() === payload.at && now.getTime() < payload.at) throw new JobFailure('survey clock ran early');
        // The moment moved (the reminder parameter changed): the job for the new one (deduplicated).
        if (at && at.getTime() !== payload.at && at > now) await schedule(tx, r);
      });
    },
    { concurrency: 2, maxAttempts: 5 },
  );

  return { schedule };
}
export type SurveyClock = ReturnType<typeof createSurveyClock>;
