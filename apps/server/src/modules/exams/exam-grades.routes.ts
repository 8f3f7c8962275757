import type { FastifyInstance } from 'fastify';
import { examGradeRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { ExamMarkingService } from './exam-marking.service.js';
import type { ExamGradesService } from './exam-grades.service.js';

/** Marking (cjpy), grades and statistics (cjgl), the student's ranking and answer review. */
export function registerExamGradeRoutes(app: FastifyInstance, marking: ExamMarkingService, grades: ExamGradesService) {
  registerRoute(app, routes.markingList, async (req) => marking.exams(principalOf(req), req.body));
  registerRoute(app, routes.markingExaminees, async (req) => marking.examinees(principalOf(req), req.body));
  registerRoute(app, routes.markingAttempt, async (req) => marking.attempt(principalOf(req), req.body.attemptId));
  registerRoute(app, routes.markingSave, async (req) => marking.save(principalOf(req), req.body));
  registerRoute(app, routes.publishScores, async (req) => marking.publishScores(principalOf(req), req.body.examId));

  registerRoute(app, routes.gradeList, async (req) => grades.exams(principalOf(req), req.body));
  registerRoute(app, routes.gradeCount, async (req) => grades.count(principalOf(req), req.body.examId));
  registerRoute(app, routes.gradePeople, async (req) => grades.people(principalOf(req), req.body));
  registerRoute(app, routes.gradeExport, async (req, reply) => {
    const file = await grades.exportPeople(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.gradeUpdate, async (req) => grades.update(principalOf(req), req.body));
  registerRoute(app, routes.extend, async (req) => grades.extend(principalOf(req), req.body));
  registerRoute(app, routes.ranking, async (req) => grades.ranking(principalOf(req), req.body));
  registerRoute(app, routes.paperDetail, async (req) => grades.paper(principalOf(req), req.body.attemptId));

  registerRoute(app, routes.testStatistics, async (req) => grades.testStatistics(principalOf(req), req.body.examId));
  registerRoute(app, routes.mistakes, async (req) => grades.mistakes(principalOf(req), req.body.examId));
  registerRoute(app, routes.gradeStatistics, async (req) => grades.gradeStatistics(principalOf(req), req.body));
  registerRoute(app, routes.personTotals, async (req) => grades.personTotals(principalOf(req), req.body));
  registerRoute(app, routes.personExams, async (req) => grades.personExams(principalOf(req), req.body.userId));

  registerRoute(app, routes.myRanking, async (req) => grades.myRanking(principalOf(req), req.body.examId));
  registerRoute(app, routes.myReview, async (req) => grades.myReview(principalOf(req), req.body.attemptId));
}
