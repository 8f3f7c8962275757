// Public surface of the roles module: other modules import only from here.
export { BUILTIN_ROLES } from './roles.builtin.js';
export { roleDataScopes, roles, userRoles } from './roles.schema.js';
export { assertRolesGrantable } from './roles.grants.js';
