import type { AttemptSheet } from '@hanlin/shared';

/** Tests' answer sheet: a first attempt under way, ten minutes left, answered as a whole, no photos or anti-cheat; `over` sets the rest. */
export const ongoingSheet = (over: Partial<AttemptSheet> & Pick<AttemptSheet, 'attemptId' | 'examId' | 'examName' | 'total' | 'questions'>): AttemptSheet => ({
  number: 1,
  attemptsAllowed: 1,
  status: 'ongoing',
  startedAt: new Date().toISOString(),
  deadlineAt: new Date(Date.now() + 600_000).toISOString(),
  serverNow: new Date().toISOString(),
  remainingSeconds: 600,
  answerMode: 'whole',
  countdownMode: 'end',
  photoInterval: 0,
  antiCheat: false,
  leaveLimit: null,
  leaveCount: 0,
  ...over,
});
