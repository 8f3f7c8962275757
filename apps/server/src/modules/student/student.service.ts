import { SIGN_IN_EXP, nextExpFor, type StudentInfo } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import * as repo from './student.repository.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** Calendar day on the server's clock (set TZ for the organization's time zone). */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
const shiftDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, 12);

export function createStudentService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function info(userId: number): Promise<StudentInfo> {
    const t = now();
    const today = localDay(t);
    const yesterday = localDay(shiftDays(t, -1));
    const [streak, exp] = await Promise.all([repo.latestStreak(db, userId, today), repo.getExperience(db, userId)]);
    // A streak survives until the end of the day after its last sign-in.
    const alive = streak.last === today || streak.last === yesterday;
    return { isSigned: streak.last === today, signDays: alive ? streak.days : 0, exp, nextExp: nextExpFor(exp) };
  }

  return {
    info,
    /** One sign-in per user and day, +SIGN_IN_EXP experience; a second one changes nothing. */
    async signIn(userId: number): Promise<StudentInfo> {
      const today = localDay(now());
      await db.transaction(async (tx) => {
        if (!(await repo.insertCheckin(tx, userId, today))) throw new AppError('SIGN_IN_REPEATED');
        await repo.addExperience(tx, userId, SIGN_IN_EXP);
      });
      return info(userId);
    },
  };
}
export type StudentService = ReturnType<typeof createStudentService>;
