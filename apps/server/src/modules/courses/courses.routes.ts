import type { FastifyInstance } from 'fastify';
import { courseRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCategoryRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { CoursesService } from './courses.service.js';

export function registerCoursesRoutes(app: FastifyInstance, courses: CoursesService) {
  registerCategoryRoutes(app, routes, courses.categories);

  registerCrudRoutes(app, routes, courses);
  registerRoute(app, routes.export, async (req, reply) => {
    const file = await courses.exportList(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.saveChapters, async (req) => courses.saveChapters(principalOf(req), req.body));
  registerBatchRoutes(app, routes, { publish: courses.publish, unpublish: courses.unpublish, offShelf: courses.offShelf, submit: courses.submit });

  registerRoute(app, routes.lecturerOptions, async (req) => courses.lecturerOptions(req.body.keyword));
  registerRoute(app, routes.coursewareOptions, async (req) => courses.coursewareOptions(req.body.keyword));
  registerRoute(app, routes.certificateOptions, async (req) => courses.certificateOptions(principalOf(req), req.body.keyword));

  registerRoute(app, routes.approvalList, async (req) => courses.approvalList(principalOf(req), req.body));
  registerBatchRoutes(app, routes, { approve: courses.approve });
  registerRoute(app, routes.refuse, async (req) => courses.refuse(principalOf(req), req.body));

  registerRoute(app, routes.commentList, async (req) => courses.commentList(principalOf(req), req.body));
  registerRoute(app, routes.commentPost, async (req) => courses.commentPost(principalOf(req), req.body));
  registerRoute(app, routes.commentManageList, async (req) => courses.commentManageList(principalOf(req), req.body));
  registerRoute(app, routes.commentShield, async (req) => courses.commentTransition(principalOf(req), req.body.ids, 'shield'));
  registerRoute(app, routes.commentRestore, async (req) => courses.commentTransition(principalOf(req), req.body.ids, 'restore'));
}
