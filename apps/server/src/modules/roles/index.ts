// Public surface of the roles module: other modules import only from here.
export { BUILTIN_ROLE_KEYS, BUILTIN_ROLES, DEFAULT_ROLE_KEY_LIST, findBuiltinRoleId, findDefaultRoleId, findDefaultRoleIds, type BuiltinRoleKey } from './roles.builtin.js';
export { roleDataScopes, roles } from './roles.schema.js';
export { registerRoleUse, type RoleUse } from './roles.usage.js';
export { assertRolesGrantable } from './roles.grants.js';
