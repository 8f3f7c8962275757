import { defineUseRegistry, idsInUse, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing questions (papers) registers how to find the ones it uses: `inUse`
 * answers, of the ids given, those it references (run inside the deleting transaction, after the
 * rows are locked). A question in use is not deleted (IN_USE_QUESTION) and its row says so.
 */
export type QuestionUse = InUse;

const registry = defineUseRegistry<QuestionUse>('question');
export const questionUses = registry.usesOf;
/** Registers a referencing module under a name ('paper'); a name registers once. */
export const registerQuestionUse = registry.register;
export const questionsInUse = idsInUse;
