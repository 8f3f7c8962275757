import { z } from 'zod';
// The experience one daily sign-in gives is the parameter `experiencePerSignIn` (settings).

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

/** Header search types (spec section 2: course, training, knowledge). */
export const SEARCH_TYPES = ['course', 'training', 'knowledge'] as const;
export const SEARCH_KEYWORD_MAX = 100;

/** A header search to record (spec "add search word", "search-record"). */
/** Spec: "add search word (form-encoded, keyword)": a form body carries the keyword only, so the type defaults to courses. */
export const SearchRecordSchema = z.object({
  keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
  type: z.enum(SEARCH_TYPES).default('course'),
});
export type SearchRecord = z.infer<typeof SearchRecordSchema>;

/** Suggestions for what is being typed: recorded words starting with it, most searched first. */
export const SearchSuggestQuerySchema = z.object({ keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX) });

/** Hot words (spec "word rank", "keyword rank"): the most searched words, as many as the parameter `hotWordCount`. */
export const HotWordSchema = z.object({ word: z.string(), total: z.number().int() });
export type HotWord = z.infer<typeof HotWordSchema>;
