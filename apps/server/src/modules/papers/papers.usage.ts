import { defineUseRegistry, idsInUse, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing papers (exams, exercises) registers how to find the ones it uses: `inUse`
 * answers, of the ids given, those it references (run inside the changing transaction, after the
 * rows are locked). A paper in use is neither changed nor deleted (IN_USE_PAPER) and its row says so.
 */
export type PaperUse = InUse;

const registry = defineUseRegistry<PaperUse>('paper');
export const paperUses = registry.usesOf;
/** Registers a referencing module under a name ('exam'); a name registers once. */
export const registerPaperUse = registry.register;
export const papersInUse = idsInUse;
