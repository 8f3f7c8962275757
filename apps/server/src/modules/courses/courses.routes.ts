import type { FastifyInstance } from 'fastify';
import { courseRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../audit/index.js';
import type { CoursesService } from './courses.service.js';

export function registerCoursesRoutes(app: FastifyInstance, courses: CoursesService) {
  registerRoute(app, routes.categoryTree, async () => courses.categories.list());
  registerRoute(app, routes.categoryInsert, async (req) => courses.categories.insert(req.body));
  registerRoute(app, routes.categoryUpdate, async (req) => courses.categories.update(req.body));
  registerRoute(app, routes.categoryDelete, async (req) => courses.categories.remove(req.body.id));
  registerRoute(app, routes.categorySort, async (req) => courses.categories.sort(req.body));

  registerRoute(app, routes.list, async (req) => courses.list(principalOf(req), req.body));
  registerRoute(app, routes.export, async (req, reply) => {
    const file = await courses.exportList(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.get, async (req) => courses.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => courses.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => courses.update(principalOf(req), req.body));
  registerRoute(app, routes.saveChapters, async (req) => courses.saveChapters(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => courses.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.publish, async (req) => courses.publish(principalOf(req), req.body.ids));
  registerRoute(app, routes.unpublish, async (req) => courses.unpublish(principalOf(req), req.body.ids));
  registerRoute(app, routes.offShelf, async (req) => courses.offShelf(principalOf(req), req.body.ids));
  registerRoute(app, routes.submit, async (req) => courses.submit(principalOf(req), req.body.ids));

  registerRoute(app, routes.lecturerOptions, async (req) => courses.lecturerOptions(req.body.keyword));
  registerRoute(app, routes.coursewareOptions, async (req) => courses.coursewareOptions(req.body.keyword));
  registerRoute(app, routes.certificateOptions, async (req) => courses.certificateOptions(req.body.keyword));

  registerRoute(app, routes.approvalList, async (req) => courses.approvalList(principalOf(req), req.body));
  registerRoute(app, routes.approve, async (req) => courses.approve(principalOf(req), req.body.ids));
  registerRoute(app, routes.refuse, async (req) => courses.refuse(principalOf(req), req.body));

  registerRoute(app, routes.commentList, async (req) => courses.commentList(principalOf(req), req.body));
  registerRoute(app, routes.commentPost, async (req) => courses.commentPost(principalOf(req), req.body));
  registerRoute(app, routes.commentManageList, async (req) => courses.commentManageList(principalOf(req), req.body));
  registerRoute(app, routes.commentShield, async (req) => courses.commentTransition(principalOf(req), req.body.ids, 'shield'));
  registerRoute(app, routes.commentRestore, async (req) => courses.commentTransition(principalOf(req), req.body.ids, 'restore'));
}
