// Public surface of the positions module: other modules import only from here.
export { positions } from './positions.schema.js';
export { registerPositionUse, type PositionUse } from './positions.usage.js';
