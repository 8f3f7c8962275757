import type { FastifyInstance } from 'fastify';
import { coursewareRoutes as routes } from '@hanlin/shared';
import { registerCategoryRoutes, registerCrudRoutes } from '../../platform/route.js';
import type { CoursewareService } from './courseware.service.js';

export function registerCoursewareRoutes(app: FastifyInstance, courseware: CoursewareService) {
  registerCategoryRoutes(app, routes, courseware.categories);

  registerCrudRoutes(app, routes, courseware);
}
