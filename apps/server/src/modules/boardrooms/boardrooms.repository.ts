import { and, asc, count, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { BOARDROOM_SORT_KEYS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { allOf } from '../../platform/db/conditions.js';
import { defineList } from '../../platform/list.js';
import { lockOrgRows, lockOrgRowsThrough } from '../../platform/org-rows.js';
import { insertRow } from '../../platform/table-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { boardroomBookings, boardrooms } from './boardrooms.schema.js';

/** Meeting rooms of the caller's data scope; the keyword searches number, name and position. */
export const boardroomList = defineList({
  name: 'boardroom_list',
  table: boardrooms,
  tables: ['boardrooms', 'organizations'],
  scope: { column: boardrooms.orgId, nullable: true },
  filters: { minCapacity: (v) => sql`${boardrooms.capacity} >= ${v}` },
  keyword: (p) => or(ilike(boardrooms.number, p), ilike(boardrooms.name, p), ilike(boardrooms.position, p)),
  sort: {
    id: boardrooms.id,
    number: boardrooms.number,
    name: boardrooms.name,
    capacity: boardrooms.capacity,
    createdAt: boardrooms.createdAt,
  } satisfies Record<(typeof BOARDROOM_SORT_KEYS)[number], unknown>,
  columns: {
    id: boardrooms.id,
    number: boardrooms.number,
    name: boardrooms.name,
    position: boardrooms.position,
    facilities: boardrooms.facilities,
    capacity: boardrooms.capacity,
    orgId: boardrooms.orgId,
    orgName: sql<string | null>`${organizations.name}`,
    orgPath: sql<string | null>`${organizations.path}`,
    creatorName: sql<string | null>`${users.realname}`,
    createdAt: boardrooms.createdAt,
    updatedAt: boardrooms.updatedAt,
  },
  join: (q) => q.leftJoin(organizations, eq(organizations.id, boardrooms.orgId)).leftJoin(users, eq(users.id, boardrooms.createdBy)),
});
export const lockBoardrooms = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, boardrooms, ids, ['name']);

/** Rooms, of those given, with a booking that has not ended by the database's now. */
export async function roomsWithComingBookings(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ id: boardroomBookings.roomId })
    .from(boardroomBookings)
    .where(and(inArray(boardroomBookings.roomId, ids), gt(boardroomBookings.endAt, sql`now()`)));
  return rows.map((r) => r.id);
}

export const insertBooking = (db: DbOrTx, values: typeof boardroomBookings.$inferInsert) => insertRow(db, boardroomBookings, values);

const bookingColumns = {
  id: boardroomBookings.id,
  roomId: boardroomBookings.roomId,
  subject: boardroomBookings.subject,
  startAt: boardroomBookings.startAt,
  endAt: boardroomBookings.endAt,
  bookedBy: boardroomBookings.bookedBy,
  bookerName: sql<string | null>`${users.realname}`,
  createdAt: boardroomBookings.createdAt,
};
export interface BookingRow {
  id: number;
  roomId: number;
  subject: string;
  startAt: Date;
  endAt: Date;
  bookedBy: number | null;
  bookerName: string | null;
  createdAt: Date;
}

function bookingsWhere(roomId: number, from?: Date, to?: Date): SQL {
  return allOf(eq(boardroomBookings.roomId, roomId), from ? gt(boardroomBookings.endAt, from) : undefined, to ? lt(boardroomBookings.startAt, to) : undefined);
}

/** A room's bookings overlapping [from, to), in start order. */
export async function findBookings(db: DbOrTx, q: { roomId: number; from?: Date; to?: Date; page: number; size: number }) {
  const where = bookingsWhere(q.roomId, q.from, q.to);
  const [records, [total]] = await Promise.all([
    db
      .select(bookingColumns)
      .from(boardroomBookings)
      .leftJoin(users, eq(users.id, boardroomBookings.bookedBy))
      .where(where)
      .orderBy(asc(boardroomBookings.startAt), asc(boardroomBookings.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(boardroomBookings).where(where),
  ]);
  return { records, total: total?.n ?? 0 };
}

export async function getBooking(db: DbOrTx, id: number) {
  const [row] = await db.select(bookingColumns).from(boardroomBookings).leftJoin(users, eq(users.id, boardroomBookings.bookedBy)).where(eq(boardroomBookings.id, id));
  return row;
}

/** Locks bookings with their room's organization path (scope follows the room). */
export const lockBookings = (tx: DbOrTx, ids: number[]) =>
  lockOrgRowsThrough(tx, boardroomBookings, ids, ['startAt'], { table: boardrooms, on: eq(boardrooms.id, boardroomBookings.roomId), orgId: boardrooms.orgId });

export const deleteBookings = (tx: DbOrTx, ids: number[]) => tx.delete(boardroomBookings).where(inArray(boardroomBookings.id, ids)).returning({ id: boardroomBookings.id });
