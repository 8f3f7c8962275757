import { z } from 'zod';
import { defineRoute } from './contract.js';
import { HotWordSchema, SearchRecordSchema, SearchSuggestQuerySchema, StudentInfoSchema } from './student.js';

/** The header's calls (spec section 7): student info, daily sign-in, search-record, hot words. */
export const studentRoutes = {
  info: defineRoute({ method: 'POST', path: '/api/student/info', permission: 'authenticated', response: StudentInfoSchema }),
  signIn: defineRoute({ method: 'POST', path: '/api/student/sign-in', permission: 'authenticated', operation: 'student.sign-in', response: StudentInfoSchema }),
  searchRecord: defineRoute({
    method: 'POST',
    path: '/api/student/search-record',
    permission: 'authenticated',
    body: SearchRecordSchema,
    response: z.null(),
    formEncoded: true,
  }),
  searchSuggest: defineRoute({
    method: 'POST',
    path: '/api/student/search-suggest',
    permission: 'authenticated',
    body: SearchSuggestQuerySchema,
    response: z.array(z.string()),
  }),
  hotWords: defineRoute({ method: 'POST', path: '/api/student/hot-words', permission: 'authenticated', response: z.array(HotWordSchema) }),
};
