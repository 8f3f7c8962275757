import type { FastifyInstance } from 'fastify';
import { employeeRoutes, profileRoutes, studentUserRoutes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { UserKind } from './users.repository.js';
import type { UsersService } from './users.service.js';

/** The two user pages: employees under /api/user (yhgl), students under /api/student-user (xsgl). */
export const USER_PAGES = [
  { kind: 'employee', routes: employeeRoutes },
  { kind: 'student', routes: studentUserRoutes },
] as const;

export function registerUsersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  // The Users page lists employees only; students have their own list (and count).
  registerRoute(app, employeeRoutes.list, async (req) => users.list(principalOf(req), req.body, 'employee'));
  registerRoute(app, studentUserRoutes.list, async (req) => users.list(principalOf(req), req.body, 'student'));

  for (const page of USER_PAGES) {
    const kind: UserKind = page.kind;
    // One declaration shape for both pages: register through the employee page's types.
    const routes = page.routes as typeof employeeRoutes;

    registerRoute(app, routes.get, async (req) => users.get(principalOf(req), req.body.id, kind));
    registerRoute(app, routes.insert, async (req) => users.insert(principalOf(req), req.body, kind));
    registerRoute(app, routes.update, async (req) => users.update(principalOf(req), req.body, kind));
    registerRoute(app, routes.delete, async (req) => users.remove(principalOf(req), req.body.ids, kind));
    registerRoute(app, routes.freeze, async (req) => users.freeze(principalOf(req), req.body.ids, kind));
    registerRoute(app, routes.unfreeze, async (req) => users.unfreeze(principalOf(req), req.body.ids, kind));
    registerRoute(app, routes.resetPassword, async (req) => users.resetPassword(principalOf(req), req.body.ids, kind));
    registerRoute(app, routes.checkName, async (req) => users.checkName(principalOf(req), kind, req.body.username, req.body.id));
    registerRoute(app, routes.checkPhone, async (req) => users.checkPhone(principalOf(req), kind, req.body.phone, req.body.id));
    registerRoute(app, routes.checkEmail, async (req) => users.checkEmail(principalOf(req), kind, req.body.email, req.body.id));
    registerRoute(app, routes.checkCard, async (req) => users.checkCard(principalOf(req), kind, req.body.cardNumber, req.body.id));
    registerRoute(app, routes.batchDepartment, async (req) => users.batchDepartment(principalOf(req), req.body, kind));
    registerRoute(app, routes.getDataPermission, async (req) => users.getDataPermission(principalOf(req), req.body.id, kind));
    registerRoute(app, routes.updateDataPermission, async (req) => users.updateDataPermission(principalOf(req), req.body, kind));
  }

  // The caller's own profile.
  registerRoute(app, profileRoutes.avatar, async (req) => users.updateOwnAvatar(principalOf(req), req.body.avatar));
  registerRoute(app, profileRoutes.updateInfo, async (req) => users.updateOwnInfo(principalOf(req), req.body));
  registerRoute(app, profileRoutes.language, async (req) => users.setOwnLanguage(principalOf(req), req.body.language));
}
