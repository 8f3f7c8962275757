import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { StudentService } from './student.service.js';

/** The header's student info and daily sign-in (spec section 3: isSigned, signDays, exp, nextExp). */
export function registerStudentRoutes(app: FastifyInstance, student: StudentService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['student'];
  r.post('/api/student/info', { config: { permission: 'authenticated' }, schema: { tags } }, async (req) => ok(await student.info(principalOf(req).userId)));
  r.post('/api/student/sign-in', { config: { permission: 'authenticated', operation: 'student.sign-in' }, schema: { tags } }, async (req) =>
    ok(await student.signIn(principalOf(req).userId)),
  );
}
