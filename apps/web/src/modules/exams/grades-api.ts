import {
  examGradeRoutes as routes,
  type ExamExtension,
  type ExportLocale,
  type GradeExamQuery,
  type GradePersonExport,
  type GradePersonQuery,
  type MarkSave,
  type MarkingExamQuery,
  type MarkingExamineeQuery,
  type PersonTotalQuery,
  type RankingQuery,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

/** Back-office calls of marking, grades and statistics (the pages under manage/grades). */
type Paged<Q> = Partial<Q> & { page: number; size: number };

export const findMarkingExams = (q: Paged<MarkingExamQuery>) => call(routes.markingList, q);
export const findMarkingExaminees = (q: Paged<MarkingExamineeQuery> & { examId: number }) => call(routes.markingExaminees, q);
export const getMarkingAttempt = (attemptId: number) => call(routes.markingAttempt, { attemptId });
export const saveMarks = (input: MarkSave) => call(routes.markingSave, input);
export const publishScores = (examId: number) => call(routes.publishScores, { examId });

export const findGradeExams = (q: Paged<GradeExamQuery>) => call(routes.gradeList, q);
export const getGradeCount = (examId: number) => call(routes.gradeCount, { examId });
export const findGradePeople = (q: Paged<GradePersonQuery> & { examId: number }) => call(routes.gradePeople, q);
export const exportGradePeople = (q: Omit<GradePersonExport, keyof ExportLocale>) => call(routes.gradeExport, { ...q, ...exportLocale() }, { timeout: 5 * 60_000 });
export const updateGrade = (input: { attemptId: number; score: number }) => call(routes.gradeUpdate, input, { silent: true });
export const extendExam = (input: ExamExtension) => call(routes.extend, input, { silent: true });
export const findRanking = (q: Paged<RankingQuery> & { examId: number }) => call(routes.ranking, q);
export const getPaperDetail = (attemptId: number) => call(routes.paperDetail, { attemptId });

export const getTestStatistics = (examId: number) => call(routes.testStatistics, { examId });
export const getMistakes = (examId: number) => call(routes.mistakes, { examId });
export const getGradeStatistics = (q: Partial<GradeExamQuery>) => call(routes.gradeStatistics, q);
export const findPersonTotals = (q: Paged<PersonTotalQuery>) => call(routes.personTotals, q);
export const getPersonExams = (userId: number) => call(routes.personExams, { userId });
