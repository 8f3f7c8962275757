// Public surface of the learning-groups module: other modules import only from here.
export { learningGroups, learningGroupMembers } from './learning-groups.schema.js';
