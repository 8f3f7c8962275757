import { z } from 'zod';
import { defineRoute } from './contract.js';
import { AudienceCandidateSchema, AudienceSearchSchema } from './audiences.js';

/**
 * The audience picker's search. Anyone who may set an audience (courses, assignments, notices,
 * exams) may search, and only within their data scope.
 */
export const audienceRoutes = {
  search: defineRoute({
    method: 'POST',
    path: '/api/audience/search',
    permission: ['kcgl', 'gggl', 'ksgl', 'xxzp'],
    body: AudienceSearchSchema,
    response: z.array(AudienceCandidateSchema),
  }),
};
