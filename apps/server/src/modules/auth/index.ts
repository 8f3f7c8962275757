// Public surface of the auth module: other modules import only from here.
export { userSessions } from './auth.schema.js';
