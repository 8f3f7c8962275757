// Public surface of the dictionary module: other modules import only from here.
export { registerDictUse, type DictUse } from './dict.usage.js';
export { dictLabels, matchDictTexts, requireDictValues } from './dict.service.js';
