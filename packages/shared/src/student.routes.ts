import { defineRoute } from './contract.js';
import { StudentInfoSchema } from './student.js';

/** The header's student info and daily sign-in (spec section 3: isSigned, signDays, exp, nextExp). */
export const studentRoutes = {
  info: defineRoute({ method: 'POST', path: '/api/student/info', permission: 'authenticated', response: StudentInfoSchema }),
  signIn: defineRoute({ method: 'POST', path: '/api/student/sign-in', permission: 'authenticated', operation: 'student.sign-in', response: StudentInfoSchema }),
};
