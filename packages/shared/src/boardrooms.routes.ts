import { batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import { pageSchema } from './api.js';
import {
  BoardroomBookingCreateSchema,
  BoardroomBookingListQuerySchema,
  BoardroomBookingRowSchema,
  BoardroomCreateSchema,
  BoardroomListQuerySchema,
  BoardroomRowSchema,
  BoardroomUpdateSchema,
} from './boardrooms.js';

/** Meeting rooms and their bookings (ssgl; data scope by the room's organization). */
export const boardroomRoutes = {
  ...listGetRoutes('/api/boardroom', ['ssgl'], { query: BoardroomListQuerySchema, row: BoardroomRowSchema, detail: BoardroomRowSchema }),
  insert: writeRoute('/api/boardroom/insert', ['ssgl:add'], 'boardroom.insert', { body: BoardroomCreateSchema, response: BoardroomRowSchema }),
  update: writeRoute('/api/boardroom/update', ['ssgl:modify'], 'boardroom.update', { body: BoardroomUpdateSchema, response: BoardroomRowSchema }),
  delete: batchRoute('/api/boardroom/delete', ['ssgl:delete'], 'boardroom.delete'),
  bookings: defineRoute({
    method: 'POST',
    path: '/api/boardroom-booking/list',
    permission: ['ssgl'],
    body: BoardroomBookingListQuerySchema,
    response: pageSchema(BoardroomBookingRowSchema),
  }),
  book: writeRoute('/api/boardroom-booking/insert', ['ssgl:modify'], 'boardroom.book', { body: BoardroomBookingCreateSchema, response: BoardroomBookingRowSchema }),
  cancelBookings: batchRoute('/api/boardroom-booking/delete', ['ssgl:modify'], 'boardroom.cancelBooking'),
};
