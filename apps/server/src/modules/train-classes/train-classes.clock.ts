import type { Db } from '../../platform/db/client.js';
import { JobFailure, type JobQueue } from '../../platform/jobs.js';
import { TRAIN_CLASS_CLOCK_JOB, type TrainClassesService } from './train-classes.service.js';

/**
 * The class clock (pg-boss jobs, so it holds across restarts and nodes): publishing a class sends one
 * job for its start; at that moment a class still published (or changed, to be published) starts.
 * A job decides on the class as it is when it runs, so a class taken offline, cancelled or moved needs
 * no cancelled job: it does nothing.
 */
export function registerTrainClassClock({ jobs, classes }: { db: Db; jobs: JobQueue; classes: TrainClassesService }) {
  jobs.handle<{ classId: number; at: number }>(
    TRAIN_CLASS_CLOCK_JOB,
    async ({ payload }) => {
      const done = await classes.startDue(payload.classId, payload.at);
      // Run before its moment (this node's clock behind): again shortly, not never.
      if (done === 'early') throw new JobFailure('train class clock ran early');
    },
    { concurrency: 2, maxAttempts: 5 },
  );
}
