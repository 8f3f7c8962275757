import { defineUseRegistry, idsInUse, type InUse } from '../../platform/use-registry.js';

/**
 * A module building on templates (surveys, later training satisfaction) registers how to find the
 * ones it was built from: a template in use is not deleted (IN_USE_QUESTIONNAIRE) and its row says so.
 */
const registry = defineUseRegistry<InUse>('questionnaire');
export const questionnaireUses = registry.usesOf;
/** Registers a referencing module under a name ('survey'); a name registers once. */
export const registerQuestionnaireUse = registry.register;
export const questionnairesInUse = idsInUse;
