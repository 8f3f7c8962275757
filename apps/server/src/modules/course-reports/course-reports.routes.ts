import type { FastifyInstance } from 'fastify';
import { courseReportRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { CourseReportsService } from './course-reports.service.js';

const send = (reply: Parameters<typeof sendXlsx>[0], file: { body: Buffer; fileName: string }) => sendXlsx(reply, file.body, file.fileName);

export function registerCourseReportsRoutes(app: FastifyInstance, s: CourseReportsService) {
  registerRoute(app, routes.study, async (req) => s.study(principalOf(req), req.body));
  registerRoute(app, routes.exportStudy, async (req, reply) => send(reply, await s.exportStudy(principalOf(req), req.body)));
  registerRoute(app, routes.person, async (req) => s.person(principalOf(req), req.body));
  registerRoute(app, routes.exportPerson, async (req, reply) => send(reply, await s.exportPerson(principalOf(req), req.body)));
  registerRoute(app, routes.course, async (req) => s.course(principalOf(req), req.body));
  registerRoute(app, routes.exportCourse, async (req, reply) => send(reply, await s.exportCourse(principalOf(req), req.body)));
  registerRoute(app, routes.courseInfo, async (req) => s.courseInfo(principalOf(req), req.body));
  registerRoute(app, routes.exportCourseInfo, async (req, reply) => send(reply, await s.exportCourseInfo(principalOf(req), req.body)));
}
