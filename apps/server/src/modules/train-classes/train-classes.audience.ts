import type { DbOrTx } from '../../platform/db/client.js';

/** Who hears about a class's changes: answers user ids (train-enrolments registers the admitted people). */
export type ClassAudience = (db: DbOrTx, classId: number) => Promise<number[]>;

// Keyed by name so a module registering again (each test app registers its modules) replaces its
// function instead of adding a second copy; the functions take the connection, so they hold no app state.
const audiences = new Map<string, ClassAudience>();

/** Registers who is told of a class's changes and its cancellation (`name`: the registering module). */
export function registerClassAudience(fn: ClassAudience, name = 'train-enrolments') {
  audiences.set(name, fn);
}

/** Everyone any registered module names for the class, once each. */
export async function classAudience(db: DbOrTx, classId: number): Promise<number[]> {
  const ids = new Set<number>();
  for (const fn of audiences.values()) for (const id of await fn(db, classId)) ids.add(id);
  return [...ids];
}

/** Admitted sign-ups per class (train-enrolments registers it: the seats live in its table, and it imports this module). */
export type SeatCounter = (db: DbOrTx, classIds: number[]) => Promise<Map<number, number>>;
let seatCounter: SeatCounter | undefined;
/** Registers how seats taken are counted (the last registration wins: each test app registers its modules again). */
export function registerSeatCounter(fn: SeatCounter) {
  seatCounter = fn;
}

/** Seats taken per class by the registered counter (none registered: 0 each). */
export const countSeats = (db: DbOrTx, classIds: number[]): Promise<Map<number, number>> => (seatCounter ? seatCounter(db, classIds) : Promise.resolve(new Map()));
