import { CMI_TIMESPAN, type ScormLessonStatus } from '@hanlin/shared';

/** CMITimespan (HHHH:MM:SS.SS) to centiseconds; null when it is not one. */
export function timespanToCs(value: string): number | null {
  const m = CMI_TIMESPAN.exec(value);
  if (!m) return null;
  const frac = m[4] ? Math.round(Number(`0${m[4]}`) * 100) : 0;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 100 + frac;
}

/** Centiseconds to CMITimespan; hours beyond 9999 are capped there (the format has four digits). */
export function csToTimespan(cs: number): string {
  const max = (9999 * 3600 + 59 * 60 + 59) * 100 + 99;
  const v = Math.max(0, Math.min(Math.round(cs), max));
  const h = Math.floor(v / 360000);
  const m = Math.floor((v % 360000) / 6000);
  const s = Math.floor((v % 6000) / 100);
  const c = v % 100;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(h).padStart(4, '0')}:${two(m)}:${two(s)}.${two(c)}`;
}

export const COMPLETED_STATUSES: ReadonlySet<string> = new Set(['completed', 'passed']);

/**
 * The status to store for a commit (SCORM 1.2 RTE 3.4.4): with a mastery score and a raw score the
 * LMS decides passed/failed for a SCO that reports itself done; 'not attempted' never overwrites a
 * status the SCO already reached (scorm-again sends the whole model, initial values included).
 */
export function nextLessonStatus(current: ScormLessonStatus, sent: ScormLessonStatus | undefined, scoreRaw: number | null, masteryScore: number | null): ScormLessonStatus {
  let status = sent === undefined || sent === 'not attempted' ? current : sent;
  if (masteryScore !== null && scoreRaw !== null && (status === 'completed' || status === 'passed' || status === 'failed')) {
    status = scoreRaw >= masteryScore ? 'passed' : 'failed';
  }
  return status;
}
