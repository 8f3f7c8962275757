// Public surface of the help-templates module: other modules import only from here (read-only table references).
export { helpTemplates } from './help-templates.schema.js';
