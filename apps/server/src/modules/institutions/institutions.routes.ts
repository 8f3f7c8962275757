import type { FastifyInstance } from 'fastify';
import { institutionRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes } from '../../platform/route.js';
import type { InstitutionsService } from './institutions.service.js';

export function registerInstitutionsRoutes(app: FastifyInstance, institutions: InstitutionsService) {
  registerCrudRoutes(app, routes, institutions);
}
