// Public surface of the leaders module: other modules import only from here (read-only table references).
export { trainingLeaders, trainingLeaderOrgs } from './leaders.schema.js';
