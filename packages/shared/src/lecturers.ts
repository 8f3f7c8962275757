import { z } from 'zod';
import { langTexts, type LangTexts } from './errors.js';
import { IdSchema, IdsSchema, PageQuerySchema } from './api.js';
import { CONSTANTS } from './constants.js';
import { defineFreezeLifecycle, defineLifecycle } from './lifecycle.js';
import { USER_IMPORT_REASONS, UserImportErrorsSchema, UserImportQuerySchema, type UserImportResult, type UserImportRowError } from './users.js';

export const LECTURER_KINDS = ['internal', 'external'] as const;
export const LECTURER_STATUSES = ['normal', 'frozen'] as const;
/** Lecturers: normal ⇄ frozen. */
export const LECTURER_LIFECYCLE = defineFreezeLifecycle('lecturers', { normal: 'lecturer.status_normal', frozen: 'lecturer.status_frozen' });
/** Lecturer certification, stored as the `certified` boolean (`certified` ⇔ true). */
export const LECTURER_CERTIFICATION = defineLifecycle({
  name: 'lecturer_certification',
  states: ['uncertified', 'certified'],
  initial: 'uncertified',
  transitions: { certify: { from: ['uncertified'], to: 'certified' }, uncertify: { from: ['certified'], to: 'uncertified' } },
  colors: { uncertified: 'default', certified: 'blue' },
  labels: {
    states: { uncertified: 'lecturer.certified_no', certified: 'lecturer.certified_yes' },
    commands: { certify: 'lecturer.certify', uncertify: 'lecturer.uncertify' },
  },
});
export const certificationOf = (certified: boolean) => (certified ? 'certified' : 'uncertified');
/** What the caller may do to a listed lecturer (codes, state, certification, scope), decided by the server. */
export const LecturerAbilitiesSchema = LECTURER_LIFECYCLE.abilitiesSchema.extend(LECTURER_CERTIFICATION.commandsSchema.shape);
export type LecturerAbilities = z.infer<typeof LecturerAbilitiesSchema>;
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
export const LecturerUpdateSchema = z
  .object({ ...LecturerFields, feeFen: LecturerFields.feeFen.optional() })
  .partial()
  .extend({ id: IdSchema });
export type LecturerUpdate = z.infer<typeof LecturerUpdateSchema>;
export const LecturerAuthSchema = IdsSchema.extend({ certified: z.boolean() });
export const LecturerInnerUsersQuerySchema = PageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });
export type LecturerInnerUsersQuery = z.infer<typeof LecturerInnerUsersQuerySchema>;

export const LecturerRowSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  realname: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  kind: z.string(),
  orgId: z.number(),
  orgName: z.string().nullable(),
  unit: z.string().nullable(),
  title: z.string().nullable(),
  levelId: z.number().nullable(),
  levelName: z.string().nullable(),
  feeFen: z.number(),
  avatar: z.string().nullable(),
  status: z.string(),
  certified: z.boolean(),
  createdAt: z.string(),
  abilities: LecturerAbilitiesSchema,
});
export type LecturerRow = z.infer<typeof LecturerRowSchema>;
export const LecturerDetailSchema = LecturerRowSchema.extend({
  introduction: z.string().nullable(),
  certificate: z.string().nullable(),
  machineCode: z.string().nullable(),
});
export type LecturerDetail = z.infer<typeof LecturerDetailSchema>;

export const TeacherLevelInsertSchema = z.object({
  name: z.string().trim().min(1).max(20),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const TeacherLevelUpdateSchema = z.object({ id: IdSchema, name: z.string().trim().min(1).max(20).optional(), sort: z.number().int().min(0).max(9999).optional() });
export const TeacherLevelSchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  lecturerCount: z.number(),
});
export type TeacherLevel = z.infer<typeof TeacherLevelSchema>;

// ---- Excel import and export (same two-step protocol as the user import) ----

/** Query of POST /api/teacher/import: `check` validates only, `commit` writes (the good rows only with skipInvalid). */
export const LecturerImportQuerySchema = UserImportQuerySchema;
export type LecturerImportRowError = UserImportRowError;
export type LecturerImportResult = UserImportResult;
export const LecturerImportErrorsSchema = UserImportErrorsSchema;
/** Body of POST /api/teacher/export: the list body (filters; page, size and sort are ignored, the export is in id order). */
export const LecturerExportQuerySchema = LecturerListQuerySchema;
export type LecturerExportQuery = z.infer<typeof LecturerExportQuerySchema>;
/** Columns (error `field` values) of the lecturer import template, in order. */
export const LECTURER_IMPORT_FIELDS = ['realname', 'username', 'email', 'kind', 'org', 'unit', 'title', 'level', 'fee', 'introduction'] as const;
export type LecturerImportField = (typeof LECTURER_IMPORT_FIELDS)[number];
/** Row reasons of a lecturer import, with the text written to the error file in the caller's language. */
export const LECTURER_IMPORT_REASONS = {
  ...USER_IMPORT_REASONS,
  DUPLICATE_IN_FILE: langTexts('文件内重复', 'Duplicate in the file', 'Repetido no arquivo'),
  DUPLICATE_EXISTING: langTexts('与已有讲师重复', 'Already used by a lecturer', 'Já usado por um instrutor'),
  ORG_NOT_FOUND: langTexts('组织不存在或不在数据权限内', 'Organization not found or outside your data scope', 'Organização inexistente ou fora do seu escopo de dados'),
  ORG_AMBIGUOUS: langTexts('组织名称不唯一，请填写组织编码', 'Organization name is not unique; use its code', 'Nome de organização repetido; use o código'),
  LEVEL_NOT_FOUND: langTexts('讲师级别不存在', 'Teacher level not found', 'Nível de instrutor inexistente'),
  USER_ALREADY_LECTURER: langTexts('同名账号已是讲师', 'This account is already a lecturer', 'Esta conta já é de um instrutor'),
} as const satisfies Record<string, LangTexts>;
export type LecturerImportReason = keyof typeof LECTURER_IMPORT_REASONS;
