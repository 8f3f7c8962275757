import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdBodySchema,
  IdsSchema,
  LecturerAuthSchema,
  LecturerInnerUsersQuerySchema,
  LecturerInsertSchema,
  LecturerListQuerySchema,
  LecturerUpdateSchema,
  TeacherLevelInsertSchema,
  TeacherLevelUpdateSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { LecturersService } from './lecturers.service.js';

export function registerLecturersRoutes(app: FastifyInstance, svc: LecturersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teacher'];
  r.post('/api/teacher/list', { config: { permission: ['jsgl'] }, schema: { tags, body: LecturerListQuerySchema } }, async (req) =>
    ok(await svc.list(principalOf(req), req.body)),
  );
  r.post('/api/teacher/get', { config: { permission: ['jsgl'] }, schema: { tags, body: IdBodySchema } }, async (req) => ok(await svc.get(principalOf(req), req.body.id)));
  r.post('/api/teacher/inner-users', { config: { permission: ['jsgl'] }, schema: { tags, body: LecturerInnerUsersQuerySchema } }, async (req) =>
    ok(await svc.innerUsers(principalOf(req), req.body)),
  );
  r.post('/api/teacher/insert', { config: { permission: ['jsgl:add'], operation: 'teacher.insert' }, schema: { tags, body: LecturerInsertSchema } }, async (req) =>
    ok(await svc.insert(principalOf(req), req.body)),
  );
  r.post('/api/teacher/update', { config: { permission: ['jsgl:modify'], operation: 'teacher.update' }, schema: { tags, body: LecturerUpdateSchema } }, async (req) =>
    ok(await svc.update(principalOf(req), req.body)),
  );
  r.post('/api/teacher/delete', { config: { permission: ['jsgl:delete'], operation: 'teacher.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await svc.remove(principalOf(req), req.body.ids)),
  );
  r.post('/api/teacher/freeze', { config: { permission: ['jsgl:freeze'], operation: 'teacher.freeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await svc.freeze(principalOf(req), req.body.ids)),
  );
  r.post('/api/teacher/unfreeze', { config: { permission: ['jsgl:freeze'], operation: 'teacher.unfreeze' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await svc.unfreeze(principalOf(req), req.body.ids)),
  );
  r.post('/api/teacher/auth', { config: { permission: ['jsgl:approve'], operation: 'teacher.auth' }, schema: { tags, body: LecturerAuthSchema } }, async (req) =>
    ok(await svc.certify(principalOf(req), req.body.ids, req.body.certified)),
  );

  const ltags = ['teacher-level'];
  r.post('/api/teacher-level/all', { config: { permission: ['jsgl'] }, schema: { tags: ltags } }, async () => ok(await svc.levels()));
  r.post('/api/teacher-level/insert', { config: { permission: ['jsgl:add'], operation: 'teacher-level.insert' }, schema: { tags: ltags, body: TeacherLevelInsertSchema } }, async (req) =>
    ok(await svc.insertLevel(req.body)),
  );
  r.post('/api/teacher-level/update', { config: { permission: ['jsgl:modify'], operation: 'teacher-level.update' }, schema: { tags: ltags, body: TeacherLevelUpdateSchema } }, async (req) =>
    ok(await svc.updateLevel(req.body)),
  );
  r.post('/api/teacher-level/delete', { config: { permission: ['jsgl:delete'], operation: 'teacher-level.delete' }, schema: { tags: ltags, body: IdBodySchema } }, async (req) =>
    ok(await svc.removeLevel(req.body.id)),
  );
}
