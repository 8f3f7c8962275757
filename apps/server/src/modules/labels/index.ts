// Public surface of the labels module: other modules import only from here.
export { labelsWithKind, requireLabelsOfKind } from './labels.repository.js';
export { labels } from './labels.schema.js';
