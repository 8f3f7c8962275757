import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerNameFields } from './api.js';

/**
 * Meeting rooms (spec: manage-boardroom, add-boardroom, code ssgl; §3 "Meeting room": number, name,
 * position, facilities, capacity) and their bookings: a room is never booked twice for overlapping
 * times (MEETING_ROOM_BOOKED), a booking starts before it ends and not before the server's now.
 */
export const BOARDROOM_SORT_KEYS = ['id', 'number', 'name', 'capacity', 'createdAt'] as const;
export const BOARDROOM_CAPACITY_MAX = 100_000;

const boardroomFields = {
  number: z.string().trim().min(1).max(30),
  name: z.string().trim().min(1).max(50),
  position: z.string().trim().max(200).nullable(),
  facilities: z.string().trim().max(500).nullable(),
  capacity: z.number().int().min(1).max(BOARDROOM_CAPACITY_MAX),
};

export const BoardroomCreateSchema = z.object({
  ...boardroomFields,
  position: boardroomFields.position.optional(),
  facilities: boardroomFields.facilities.optional(),
});
export type BoardroomCreate = z.infer<typeof BoardroomCreateSchema>;
export const BoardroomUpdateSchema = z.object(boardroomFields).partial().extend({ id: IdSchema });
export type BoardroomUpdate = z.infer<typeof BoardroomUpdateSchema>;

export const BoardroomListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  /** Rooms holding at least this many people. */
  minCapacity: z.coerce.number().int().min(1).max(BOARDROOM_CAPACITY_MAX).optional(),
});
export type BoardroomListQuery = z.infer<typeof BoardroomListQuerySchema>;

export const BoardroomAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean(), book: z.boolean() });
export const BoardroomRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  position: z.string().nullable(),
  facilities: z.string().nullable(),
  capacity: z.number(),
  ...ownerNameFields,
  updatedAt: z.string(),
  abilities: BoardroomAbilitiesSchema,
});
export type BoardroomRow = z.infer<typeof BoardroomRowSchema>;
export type BoardroomAbilities = z.infer<typeof BoardroomAbilitiesSchema>;

const periodInOrder = (v: { startAt: string; endAt: string }) => Date.parse(v.endAt) > Date.parse(v.startAt);
export const BoardroomBookingCreateSchema = z
  .object({
    roomId: IdSchema,
    subject: z.string().trim().min(1).max(100),
    startAt: z.iso.datetime({ offset: true }),
    endAt: z.iso.datetime({ offset: true }),
  })
  .refine(periodInOrder, { message: 'validation.endAfterStart', path: ['endAt'] });
export type BoardroomBookingCreate = z.infer<typeof BoardroomBookingCreateSchema>;

export const BoardroomBookingListQuerySchema = PageQuerySchema.extend({
  roomId: IdSchema,
  /** Bookings overlapping [from, to); both optional. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type BoardroomBookingListQuery = z.infer<typeof BoardroomBookingListQuerySchema>;

export const BoardroomBookingRowSchema = z.object({
  id: z.number(),
  roomId: z.number(),
  subject: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  bookedBy: z.number().nullable(),
  bookerName: z.string().nullable(),
  createdAt: z.string(),
  abilities: z.object({ cancel: z.boolean() }),
});
export type BoardroomBookingRow = z.infer<typeof BoardroomBookingRowSchema>;
