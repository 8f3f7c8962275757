import { nextExpFor, type SearchRecord, type StudentInfo } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import { readPlatformParams } from '../settings/index.js';
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
    /** One sign-in per user and day, worth the parameter `experiencePerSignIn`; a second one changes nothing. */
    async signIn(userId: number): Promise<StudentInfo> {
      const today = localDay(now());
      const { experiencePerSignIn } = await readPlatformParams(db);
      await db.transaction(async (tx) => {
        if (!(await repo.insertCheckin(tx, userId, today))) throw new AppError('SIGN_IN_REPEATED');
        await repo.addExperience(tx, userId, experiencePerSignIn);
      });
      return info(userId);
    },
    async recordSearch(userId: number, input: SearchRecord): Promise<null> {
      await db.transaction((tx) => repo.recordSearch(tx, userId, input.keyword, input.type));
      return null;
    },
    /** As many suggestions as the parameter `searchCount`. */
    async suggest(keyword: string): Promise<string[]> {
      return repo.suggestWords(db, keyword, (await readPlatformParams(db)).searchCount);
    },
    /** As many hot words as the parameter `hotWordCount`. */
    async hotWords() {
      return repo.hotWords(db, (await readPlatformParams(db)).hotWordCount);
    },
  };
}
export type StudentService = ReturnType<typeof createStudentService>;
