// Public surface of the orgs module: other modules import only from here.
export { organizations } from './orgs.schema.js';
