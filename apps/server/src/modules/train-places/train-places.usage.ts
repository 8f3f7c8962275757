import { defineUseRegistry, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing training sites (training classes) registers how
 * to find the ones it uses: `inUse` answers, of the ids given, those it references (run inside the
 * deleting transaction, after the rows are locked). One in use is not deleted (IN_USE_TRAINING_SITE).
 */
const registry = defineUseRegistry<InUse>('trainPlace');
export const trainPlaceUses = registry.usesOf;
/** Registers a referencing module under a name ('training-classes'); a name registers once. */
export const registerTrainPlaceUse = registry.register;
