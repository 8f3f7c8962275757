// Public surface of the orgs module: other modules import only from here.
export { organizations } from './orgs.schema.js';
export { insertSyncedOrg, lockOrgTree, type SyncedOrg } from './orgs.directory.js';
export { filterOrgPath, getRootOrg } from './orgs.repository.js';
