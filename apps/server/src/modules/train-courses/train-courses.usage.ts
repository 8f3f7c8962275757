import { defineUseRegistry, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing face-to-face courses (training classes: a class stage teaches one) registers
 * how to find the ones it uses: `inUse` answers, of the ids given, those it references (run inside
 * the deleting transaction, after the rows are locked, and for the rows' `delete` ability). One in
 * use is not deleted (IN_USE_TRAINING_SITE: "training site and course").
 */
const registry = defineUseRegistry<InUse>('trainCourse');
export const trainCourseUses = registry.usesOf;
/** Registers a referencing module under a name (`registerTrainCourseUse(app, 'training-classes', { inUse })`); a name registers once. */
export const registerTrainCourseUse = registry.register;
