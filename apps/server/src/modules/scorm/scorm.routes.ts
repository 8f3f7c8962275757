import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { SCORM_LIMITS, scormRoutes as routes } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { ContentOrigin } from '../../platform/content-origin.js';
import type { ScormService } from './scorm.service.js';

const MULTIPART_LIMITS = { fileSize: SCORM_LIMITS.packedMaxBytes, files: 1, fields: 2, fieldSize: 1000, parts: 3 };

export async function registerScormRoutes(app: FastifyInstance, scorm: ScormService, content: ContentOrigin) {
  // Encapsulated so the multipart parser exists only for the import.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, { limits: MULTIPART_LIMITS });
    registerRoute(scope, routes.import, async (req) => {
      const part = await req.file({ limits: MULTIPART_LIMITS });
      if (!part || part.fieldname !== 'file') throw new AppError('PARAMETER_INVALID', { field: 'file' });
      return scorm.importPackage(principalOf(req), { stream: part.file, fileName: part.filename, truncated: () => part.file.truncated });
    });
  });

  registerRoute(app, routes.list, async (req) => scorm.list(principalOf(req)));
  registerRoute(app, routes.get, async (req) => scorm.get(principalOf(req), req.body.id));
  registerRoute(app, routes.launch, async (req) => scorm.launch(principalOf(req), req.body, { origin: content.originFor(req.raw), sandbox: content.sandbox }));
  registerRoute(app, routes.commit, async (req) => scorm.commit(principalOf(req), req.body));
  registerRoute(app, routes.finish, async (req) => scorm.finish(principalOf(req), req.body));
  registerRoute(app, routes.progress, async (req) => scorm.progress(principalOf(req), req.body));
}
