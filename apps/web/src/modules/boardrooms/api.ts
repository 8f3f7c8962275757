import { boardroomRoutes as routes, type BoardroomBookingCreate, type BoardroomCreate, type BoardroomListQuery, type BoardroomUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type BoardroomQuery = Partial<BoardroomListQuery> & { page: number; size: number };

export const findBoardrooms = (q: BoardroomQuery) => call(routes.list, q);
export const getBoardroom = (input: { id: number }) => call(routes.get, input);
export const insertBoardroom = (input: BoardroomCreate) => call(routes.insert, input, { silent: true });
export const updateBoardroom = (input: BoardroomUpdate) => call(routes.update, input, { silent: true });
export const deleteBoardrooms = (input: { ids: number[] }) => call(routes.delete, input);

export const findBookings = (q: { roomId: number; page: number; size: number; from?: string; to?: string }) => call(routes.bookings, q);
export const bookBoardroom = (input: BoardroomBookingCreate) => call(routes.book, input, { silent: true });
export const cancelBookings = (input: { ids: number[] }) => call(routes.cancelBookings, input);
