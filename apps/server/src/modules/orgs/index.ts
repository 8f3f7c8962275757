// Public surface of the orgs module: other modules import only from here.
export { organizations } from './orgs.schema.js';
export { insertSyncedOrg, lockOrgTree, moveSyncedOrg, renameSyncedOrg, type SyncedOrg } from './orgs.directory.js';
export { filterOrgPath, getRootOrg } from './orgs.repository.js';
export { registerOrgMembers, type OrgMember, type OrgMembers } from './orgs.usage.js';
