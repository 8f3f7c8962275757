// Public surface of the institutions module (training organizations): other modules import only from here.
export { institutions } from './institutions.schema.js';
export { registerInstitutionUse } from './institutions.usage.js';
