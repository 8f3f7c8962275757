import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/** Who hears about a class's changes: answers user ids (train-enrolments registers the admitted people). */
export type ClassAudience = (db: DbOrTx, classId: number) => Promise<number[]>;

const audiences = defineAppRegistry<ClassAudience>('class audience');

/** Registers who is told of a class's changes and its cancellation (`name`: the registering module, once per app). */
export function registerClassAudience(app: FastifyInstance, fn: ClassAudience, name = 'train-enrolments') {
  audiences.register(app, name, fn);
}

/** Everyone any module registered with this app names for the class, once each. */
export async function classAudience(app: FastifyInstance, db: DbOrTx, classId: number): Promise<number[]> {
  const ids = new Set<number>();
  for (const fn of audiences.of(app).values()) for (const id of await fn(db, classId)) ids.add(id);
  return [...ids];
}

/** Admitted sign-ups per class (train-enrolments registers it: the seats live in its table, and it imports this module). */
export type SeatCounter = (db: DbOrTx, classIds: number[]) => Promise<Map<number, number>>;
const seatCounters = defineAppRegistry<SeatCounter>('seat counter');
const SEATS = 'seats';

/** Registers how seats taken are counted (one counter per app). */
export function registerSeatCounter(app: FastifyInstance, fn: SeatCounter) {
  seatCounters.register(app, SEATS, fn);
}

/** Seats taken per class by the app's counter (no classes, or none registered: 0 each). */
export function countSeats(app: FastifyInstance, db: DbOrTx, classIds: number[]): Promise<Map<number, number>> {
  const counter = seatCounters.of(app).get(SEATS);
  return counter && classIds.length ? counter(db, classIds) : Promise.resolve(new Map());
}
