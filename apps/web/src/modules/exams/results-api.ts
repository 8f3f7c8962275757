import { examGradeRoutes as routes } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** The student's ranking and answer review (portal pages exams/ranking and exams/review). */
export const getMyRanking = (examId: number) => call(routes.myRanking, { examId });
export const getMyReview = (attemptId: number) => call(routes.myReview, { attemptId });
