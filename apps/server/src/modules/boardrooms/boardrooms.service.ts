import type { BoardroomBookingCreate, BoardroomBookingListQuery, BoardroomBookingRow, Page } from '@hanlin/shared';
import type { FastifyInstance } from 'fastify';
import { found } from '../../platform/db/rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { ListRuntime } from '../../platform/list.js';
import { createNamedRecordsService } from '../../platform/named-records.js';
import { scopedLock } from '../../platform/scope.js';
import * as repo from './boardrooms.repository.js';
import { boardrooms } from './boardrooms.schema.js';
import { boardroomUses } from './boardrooms.usage.js';

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
  /** The server's clock (tests may move it). */
  now?: () => Date;
}

export function createBoardroomsService({ app, db, lists, now = () => new Date() }: Deps) {
  /** A room a registered module uses, or with a booking not yet ended, cannot go (IN_USE_MEETING_ROOM; its past bookings go with it). */
  const rooms = createNamedRecordsService(
    { db, lists },
    {
      table: boardrooms,
      list: repo.boardroomList,
      codes: { modify: 'ssgl:modify', delete: 'ssgl:delete', book: 'ssgl:modify' },
      uses: boardroomUses(app),
      alsoInUse: repo.roomsWithComingBookings,
      inUseError: 'IN_USE_MEETING_ROOM',
    },
  );
  const lockBookingsInScope = scopedLock(repo.lockBookings);

  const presentBooking = (p: Principal, r: repo.BookingRow): BoardroomBookingRow => ({
    ...r,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    abilities: { cancel: p.permissions.has('ssgl:modify') && r.startAt > now() },
  });

  return {
    ...rooms,

    async bookings(p: Principal, q: BoardroomBookingListQuery): Promise<Page<BoardroomBookingRow>> {
      await rooms.get(p, q.roomId);
      const { records, total } = await repo.findBookings(db, {
        roomId: q.roomId,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        page: q.page,
        size: q.size,
      });
      return { records: records.map((r) => presentBooking(p, r)), total, page: q.page, size: q.size };
    },

    /**
     * Books a room from `startAt` to `endAt`, not starting before the server's now. The room row is
     * locked (bookings of one room queue); the exclusion constraint refuses an overlap in any case
     * (MEETING_ROOM_BOOKED).
     */
    async book(p: Principal, input: BoardroomBookingCreate): Promise<BoardroomBookingRow> {
      const startAt = new Date(input.startAt);
      const endAt = new Date(input.endAt);
      if (startAt < now()) throw new AppError('BOOKING_START_PASSED', { field: 'startAt' });
      const id = await db.transaction(async (tx) => {
        await scopedLock(repo.lockBoardrooms, { notFound: 'roomId' })(tx, p, [input.roomId]);
        return repo.insertBooking(tx, { roomId: input.roomId, subject: input.subject, startAt, endAt, bookedBy: p.userId });
      });
      // Cancelled since it was made.
      return presentBooking(p, found(await repo.getBooking(db, id), 'NOT_FOUND_ERROR', 'id'));
    },

    /** Cancels bookings that have not started, all or none. */
    async cancelBookings(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockBookingsInScope(tx, p, ids);
        if (rows.some((r) => r.startAt <= now())) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids' });
        return { count: (await repo.deleteBookings(tx, ids)).length };
      });
    },
  };
}
export type BoardroomsService = ReturnType<typeof createBoardroomsService>;
