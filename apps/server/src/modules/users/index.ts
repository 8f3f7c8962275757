// Public surface of the users module: other modules import only from here.
export { userDataScopes, userLabels, userRoles, users } from './users.schema.js';
export {
  clearExpiredLock,
  insertAccount,
  recordFailedLogin,
  recordSuccessfulLogin,
  setUserLanguage,
  updateDirectoryFields,
  type DirectoryFields,
  type NewAccount,
} from './users.accounts.js';
export { onUserEvents, type UserEvents } from './users.events.js';
