/** Public face of this module: other modules import only from this file (lint: boundaries). */
export { LabelSelect } from './components/LabelSelect';
export { LabelTagsField } from './components/LabelTagsField';
export { getLabelOptions } from './api';
