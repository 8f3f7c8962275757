import { z } from 'zod';
import { defineRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  DepartmentOptionSchema,
  RegistrationApproveSchema,
  RegistrationListQuerySchema,
  RegistrationRefuseSchema,
  RegistrationRowSchema,
  RegistrationSubmitSchema,
} from './registration.js';

/** Self-registration (public `/registered`) and its approval (zcyh). */
export const registrationRoutes = {
  departments: defineRoute({ method: 'GET', path: '/api/auth/departments', permission: 'public', tags: ['registration'], response: z.array(DepartmentOptionSchema) }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    permission: 'public',
    operation: 'registration.submit',
    tags: ['registration'],
    body: RegistrationSubmitSchema,
    response: z.object({ id: z.number(), status: z.string() }),
  }),
  ...listGetRoutes('/api/registration', ['zcyh'], { query: RegistrationListQuerySchema, row: RegistrationRowSchema, detail: RegistrationRowSchema }),
  approve: writeRoute('/api/registration/approve', ['zcyh:approve'], 'registration.approve', {
    body: RegistrationApproveSchema,
    response: z.object({ approved: z.number(), userIds: z.array(z.number()) }),
  }),
  refuse: writeRoute('/api/registration/refuse', ['zcyh:approve'], 'registration.refuse', { body: RegistrationRefuseSchema, response: z.object({ refused: z.number() }) }),
};
