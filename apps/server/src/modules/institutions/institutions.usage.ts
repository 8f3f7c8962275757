import { defineUseRegistry, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing training organizations (training classes, outside training) registers how
 * to find the ones it uses: `inUse` answers, of the ids given, those it references (run inside the
 * deleting transaction, after the rows are locked). One in use is not deleted (IN_USE_TRAINING_ORGANIZATION).
 */
const registry = defineUseRegistry<InUse>('institution');
export const institutionUses = registry.usesOf;
/** Registers a referencing module under a name ('training-classes'); a name registers once. */
export const registerInstitutionUse = registry.register;
