import { z } from 'zod';
import { IdSchema, IdsSchema, PageQuerySchema } from './api.js';
import { CONSTANTS } from './constants.js';

export const LECTURER_KINDS = ['internal', 'external'] as const;
export const LECTURER_STATUSES = ['normal', 'frozen'] as const;
export const LECTURER_SORT_KEYS = ['id', 'realname', 'username', 'feeFen', 'createdAt'] as const;
/** Lecturer identifier: 6–20 letters or digits (spec section 5). */
export const LECTURER_USERNAME_PATTERN = /^[A-Za-z0-9]{6,20}$/;
/** At most this many teacher levels (spec section 9). */
export const TEACHER_LEVELS_MAX = CONSTANTS.INSTRUCTOR_LEVELS;

const optText = (max: number) => z.string().trim().max(max).nullish();

export const LecturerListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  kind: z.enum(LECTURER_KINDS).optional(),
  status: z.enum(LECTURER_STATUSES).optional(),
  certified: z.boolean().optional(),
  levelId: IdSchema.optional(),
  orgId: IdSchema.optional(),
});
export type LecturerListQuery = z.infer<typeof LecturerListQuerySchema>;

const LecturerFields = {
  /** The platform account of an internal lecturer (from /api/teacher/inner-users). */
  userId: IdSchema.nullish(),
  realname: z.string().trim().min(1).max(30),
  username: z.string().trim().regex(LECTURER_USERNAME_PATTERN),
  email: z.union([z.literal(''), z.email().max(200)]).nullish(),
  kind: z.enum(LECTURER_KINDS),
  orgId: IdSchema,
  unit: optText(200),
  title: optText(50),
  levelId: IdSchema.nullish(),
  /** Teaching fee per time, in fen (1 yuan = 100 fen). */
  feeFen: z.number().int().min(0).max(99_999_999).default(0),
  avatar: optText(500),
  introduction: optText(2000),
  certificate: optText(500),
  machineCode: optText(100),
};
export const LecturerInsertSchema = z.object(LecturerFields);
export type LecturerInsert = z.infer<typeof LecturerInsertSchema>;
export const LecturerUpdateSchema = z.object({ ...LecturerFields, feeFen: LecturerFields.feeFen.optional() }).partial().extend({ id: IdSchema });
export type LecturerUpdate = z.infer<typeof LecturerUpdateSchema>;
export const LecturerAuthSchema = IdsSchema.extend({ certified: z.boolean() });
export const LecturerInnerUsersQuerySchema = PageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });
export type LecturerInnerUsersQuery = z.infer<typeof LecturerInnerUsersQuerySchema>;

export interface LecturerRow {
  id: number;
  userId: number | null;
  realname: string;
  username: string;
  email: string | null;
  kind: string;
  orgId: number;
  orgName: string | null;
  unit: string | null;
  title: string | null;
  levelId: number | null;
  levelName: string | null;
  feeFen: number;
  avatar: string | null;
  status: string;
  certified: boolean;
  createdAt: string;
}
export interface LecturerDetail extends LecturerRow {
  introduction: string | null;
  certificate: string | null;
  machineCode: string | null;
}

export const TeacherLevelInsertSchema = z.object({
  name: z.string().trim().min(1).max(20),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const TeacherLevelUpdateSchema = z.object({ id: IdSchema, name: z.string().trim().min(1).max(20).optional(), sort: z.number().int().min(0).max(9999).optional() });
export interface TeacherLevel {
  id: number;
  name: string;
  sort: number;
  lecturerCount: number;
}
