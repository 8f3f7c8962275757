// Public surface of the roles module: other modules import only from here.
export { BUILTIN_ROLES } from './roles.builtin.js';
export { roles, userRoles } from './roles.schema.js';
