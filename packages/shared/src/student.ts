import { z } from 'zod';
/** Experience granted by one daily sign-in. */
export const SIGN_IN_EXP = 5;

/** Experience needed to reach level n (n ≥ 1): 100, 300, 600, 1000, 1500, 2100, … */
export function levelThreshold(level: number): number {
  return (100 * level * (level + 1)) / 2;
}

/** The next threshold strictly above `exp` (the bar the progress percentage is measured against). */
export function nextExpFor(exp: number): number {
  let level = 1;
  while (levelThreshold(level) <= exp) level++;
  return levelThreshold(level);
}

/** Student info of spec section 3: the header shows exp / nextExp and the streak. */
export const StudentInfoSchema = z.object({
  isSigned: z.boolean(),
  signDays: z.number(),
  exp: z.number(),
  nextExp: z.number(),
});
export type StudentInfo = z.infer<typeof StudentInfoSchema>;
