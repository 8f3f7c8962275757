import type { FastifyInstance } from 'fastify';
import { boardroomRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import type { BoardroomsService } from './boardrooms.service.js';

export function registerBoardroomsRoutes(app: FastifyInstance, boardrooms: BoardroomsService) {
  registerCrudRoutes(app, routes, boardrooms);
  registerRoute(app, routes.bookings, async (req) => boardrooms.bookings(principalOf(req), req.body));
  registerRoute(app, routes.book, async (req) => boardrooms.book(principalOf(req), req.body));
  registerBatchRoutes(app, routes, { cancelBookings: boardrooms.cancelBookings });
}
