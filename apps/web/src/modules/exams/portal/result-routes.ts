/**
 * The student's exam result pages, under the student center: the ranking of an exam and the review of
 * one's own attempt. Link to them with these paths (MyExamsPage, the answer sheet's result screen).
 */
export const examRankingPath = (examId: number) => `/student-center/exam-ranking/${examId}`;
export const answerReviewPath = (attemptId: number) => `/student-center/exam-review/${attemptId}`;

export const EXAM_RESULT_ROUTES = [
  { path: 'exam-ranking/:examId', titleKey: 'examResults.rankingTitle', load: () => import('./MyExamRankingPage') },
  { path: 'exam-review/:attemptId', titleKey: 'examResults.reviewTitle', load: () => import('./MyAnswerReviewPage') },
] as const;
