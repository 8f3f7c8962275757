// Public surface of the questions module: other modules import only from here.
export { questions, questionCategories } from './questions.schema.js';
export { registerQuestionUse, type QuestionUse } from './questions.usage.js';
export { questionCategoryForest } from './questions.keys.js';
export { questionKeys, type QuestionKeyRow } from './questions.keys.js';
export { questionKeysFor, countBankQuestions, sampleBankQuestions, type QuestionWithKey } from './questions.keys.js';
