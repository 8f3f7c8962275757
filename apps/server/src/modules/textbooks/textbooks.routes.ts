import type { FastifyInstance } from 'fastify';
import { textbookRoutes as routes } from '@hanlin/shared';
import { registerCategoryRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { TextbooksService } from './textbooks.service.js';

export function registerTextbooksRoutes(app: FastifyInstance, textbooks: TextbooksService) {
  registerCategoryRoutes(app, routes, textbooks.categories);

  registerCrudRoutes(app, routes, textbooks);
  registerRoute(app, routes.publish, async (req) => textbooks.transition(principalOf(req), req.body.ids, 'publish'));
  registerRoute(app, routes.unpublish, async (req) => textbooks.transition(principalOf(req), req.body.ids, 'unpublish'));
  registerRoute(app, routes.offShelf, async (req) => textbooks.transition(principalOf(req), req.body.ids, 'offShelf'));

  registerRoute(app, routes.shelf, async (req) => textbooks.shelf(principalOf(req), req.body));
  registerRoute(app, routes.read, async (req) => textbooks.read(principalOf(req), req.body.id));
  registerRoute(app, routes.progress, async (req) => textbooks.progress(principalOf(req), req.body));
  registerRoute(app, routes.score, async (req) => textbooks.score(principalOf(req), req.body));
  registerRoute(app, routes.register, async (req) => textbooks.register(principalOf(req), req.body.id));
  registerRoute(app, routes.unregister, async (req) => textbooks.unregister(principalOf(req), req.body.id));
  registerRoute(app, routes.notes, async (req) => textbooks.notes(principalOf(req), req.body));
  registerRoute(app, routes.noteInsert, async (req) => textbooks.noteInsert(principalOf(req), req.body));
  registerRoute(app, routes.noteUpdate, async (req) => textbooks.noteUpdate(principalOf(req), req.body));
  registerRoute(app, routes.noteDelete, async (req) => textbooks.noteDelete(principalOf(req), req.body.id));
}
