import { defineUseRegistry, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing meeting rooms (training classes) registers how to find the ones it uses
 * (`inUse`: of the ids given, those it references, inside the deleting transaction). A room in use,
 * or with a booking not yet ended, is not deleted (IN_USE_MEETING_ROOM).
 */
const registry = defineUseRegistry<InUse>('boardroom');
export const boardroomUses = registry.usesOf;
export const registerBoardroomUse = registry.register;
