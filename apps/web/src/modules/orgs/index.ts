/** Public face of this module: other modules import only from this file (lint: boundaries). */
export { OrgTreeSelect, useOrgNames } from './components/OrgTreeSelect';
export { LeaderSelect } from './components/LeaderSelect';
export { OrgFilterTree } from './components/OrgFilterTree';
