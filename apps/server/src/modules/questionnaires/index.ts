// Public surface of the questionnaires module: other modules import only from here.
export { questionnaires, questionnaireCategories } from './questionnaires.schema.js';
export { registerQuestionnaireUse } from './questionnaires.usage.js';
export { findPublishedItems, requireQuestionnaireCategory } from './questionnaires.reads.js';
export { requireQuestions, storedItems } from './questionnaires.items.js';
