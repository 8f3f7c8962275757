// Public surface of the users module: other modules import only from here.
export { userDataScopes, users } from './users.schema.js';
export { findOrgPaths } from './users.repository.js';
