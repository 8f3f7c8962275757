import { z } from 'zod';
import { LANGS, langTexts, type LangTexts } from './errors.js';
import { IdSchema, PageQuerySchema } from './api.js';
import { defineFreezeLifecycle } from './lifecycle.js';
import { CONSTANTS } from './constants.js';

export const USER_STATUSES = ['normal', 'frozen'] as const;
/** Users and students: normal ⇄ frozen (a frozen account cannot sign in). */
export const USER_LIFECYCLE = defineFreezeLifecycle('users', { normal: 'user.status_normal', frozen: 'user.status_frozen' });
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_KINDS = ['employee', 'student'] as const;
export const USER_SORT_KEYS = ['id', 'username', 'realname', 'createdAt'] as const;

export const UserListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(200).optional(),
  status: z.enum(USER_STATUSES).optional(),
  kind: z.enum(USER_KINDS).optional(),
  orgId: z.number().int().positive().optional(),
  positionId: z.number().int().positive().optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/**
 * What the caller may do to one listed user, decided by the server (self, the seeded `admin`,
 * status, and whether the user holds codes or a data scope beyond the caller's); the page offers
 * only these. Permission codes are checked separately, per page.
 */
export const UserAbilitiesSchema = USER_LIFECYCLE.abilitiesSchema.extend({ resetPassword: z.boolean() });
export type UserAbilities = z.infer<typeof UserAbilitiesSchema>;

export const UserRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  englishName: z.string().nullable(),
  cardNumber: z.string().nullable(),
  kind: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sex: z.string().nullable(),
  status: z.string(),
  /** The position held (`positions`), and its name. */
  positionId: z.number().nullable(),
  positionName: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  abilities: UserAbilitiesSchema,
});
export type UserRow = z.infer<typeof UserRowSchema>;

// ---- Users and students: single records (spec sections 3 and 5) ----

export const USER_SEXES = ['male', 'female'] as const;
/** Employee number: 3–200 letters or digits. */
export const EMPLOYEE_NUMBER_PATTERN = /^[A-Za-z0-9]{3,200}$/;
/** Student number: 5–200 characters without spaces. */
export const STUDENT_NUMBER_PATTERN = /^\S{5,200}$/;
/** Phone: at most 11 digits. */
export const USER_PHONE_PATTERN = /^\d{1,11}$/;

const optText = (max: number) => z.string().trim().max(max).nullish();
const IdField = IdSchema;

const UserFields = {
  username: z.string().trim().min(2).max(200),
  realname: z.string().trim().min(1).max(200),
  englishName: optText(200),
  /** Empty string or null clears the phone. */
  phone: z.union([z.literal(''), z.string().trim().regex(USER_PHONE_PATTERN)]).nullish(),
  email: z.union([z.literal(''), z.email().max(200)]).nullish(),
  sex: z.enum(USER_SEXES).nullish(),
  type: optText(50),
  city: optText(100),
  leaderId: IdField.nullish(),
  team: optText(200),
  /** The position held: one of the positions catalogue; null clears it. */
  positionId: IdField.nullish(),
  orgId: IdField,
  entryDate: z.iso.date().nullish(),
  idNumber: optText(50),
  validUntil: z.iso.datetime({ offset: true }).nullish(),
  /** User labels from the label catalogue (labels of a `user` category), at most 5 (spec §9). */
  labelIds: z
    .array(IdField)
    .max(CONSTANTS.LABELS_PER_OBJECT)
    .refine((a) => new Set(a).size === a.length, { message: 'labels must be unique' })
    .optional(),
  /** Roles to hold; left out on insert gives the built-in student role. */
  roleIds: z.array(IdField).max(50).optional(),
  /** Data permission: organization subtrees the user may manage. */
  scopeOrgIds: z.array(IdField).max(200).optional(),
};

/**
 * Answer of creating an account: its id and its initial password (spec: user name + 123), shown to
 * the administrator once so it can be handed over; the first login asks for a new one.
 */
export const UserCreatedSchema = z.object({ id: z.number().int(), initialPassword: z.string() });
export type UserCreated = z.infer<typeof UserCreatedSchema>;
export const UserInsertSchema = z.object({ ...UserFields, cardNumber: z.string().trim().regex(EMPLOYEE_NUMBER_PATTERN) });
export type UserInsert = z.infer<typeof UserInsertSchema>;
export const StudentInsertSchema = z.object({ ...UserFields, cardNumber: z.string().trim().regex(STUDENT_NUMBER_PATTERN) });
/** Absent fields stay as they are; null (or '') clears an optional one. */
export const UserUpdateSchema = UserInsertSchema.partial().extend({ id: IdField });
export type UserUpdate = z.infer<typeof UserUpdateSchema>;
export const StudentUpdateSchema = StudentInsertSchema.partial().extend({ id: IdField });

export const UserCheckNameSchema = z.object({ username: z.string().trim().min(1).max(200), id: IdField.optional() });
export const UserCheckPhoneSchema = z.object({ phone: z.string().trim().min(1).max(20), id: IdField.optional() });
export const UserCheckEmailSchema = z.object({ email: z.string().trim().min(1).max(200), id: IdField.optional() });
export const UserCheckCardSchema = z.object({ cardNumber: z.string().trim().min(1).max(200), id: IdField.optional() });
export const UserBatchDepartmentSchema = z.object({ ids: z.array(IdField).min(1).max(1000), orgId: IdField });
export type UserBatchDepartment = z.infer<typeof UserBatchDepartmentSchema>;
export const UserDataPermissionUpdateSchema = z.object({ id: IdField, orgIds: z.array(IdField).max(200) });
export type UserDataPermissionUpdate = z.infer<typeof UserDataPermissionUpdateSchema>;

/** Avatar: an absolute http(s) URL or a path on this server, at most 500 characters. */
export const UserAvatarSchema = z.object({
  avatar: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/|\/)\S+$/),
});
export const UserInfoUpdateSchema = z.object(UserFields).pick({ realname: true, englishName: true, phone: true, email: true, sex: true, city: true });
export type UserInfoUpdate = z.infer<typeof UserInfoUpdateSchema>;
export const UserLanguageSchema = z.object({ language: z.enum(LANGS) });
export type UserLanguage = z.infer<typeof UserLanguageSchema>;

/** One user with every field the edit form shows: the list row's fields without role names, and the rest. */
export const UserDetailSchema = UserRowSchema.omit({ roles: true }).extend({
  type: z.string().nullable(),
  city: z.string().nullable(),
  leaderId: z.number().nullable(),
  leaderName: z.string().nullable(),
  team: z.string().nullable(),
  entryDate: z.string().nullable(),
  idNumber: z.string().nullable(),
  validUntil: z.string().nullable(),
  labels: z.array(z.object({ id: z.number(), name: z.string() })),
  labelIds: z.array(z.number()),
  points: z.number(),
  avatar: z.string().nullable(),
  roleIds: z.array(z.number()),
  scopeOrgIds: z.array(z.number()),
  firstLogin: z.boolean(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

// ---- Excel import ----

export const USER_IMPORT_MODES = ['check', 'commit'] as const;
export const UserImportQuerySchema = z.object({
  mode: z.enum(USER_IMPORT_MODES).default('check'),
  /** Commit the good rows even when some rows are bad. */
  skipInvalid: z.enum(['true', 'false']).optional(),
});
export const UserImportRowErrorSchema = z.object({
  /** Row number in the sheet (the header is row 1). */
  row: z.number(),
  field: z.string(),
  /** Reason code, see USER_IMPORT_REASONS. */
  reason: z.string(),
});
export type UserImportRowError = z.infer<typeof UserImportRowErrorSchema>;
export const UserImportResultSchema = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  /** Rows written (commit mode only). */
  imported: z.number(),
  errors: z.array(UserImportRowErrorSchema),
  /** Id for /import/errors when some rows are bad. */
  errorFileId: z.string().nullable(),
});
export type UserImportResult = z.infer<typeof UserImportResultSchema>;
/** Row reasons of an import, with the text written to the error file in the caller's language. */
export const USER_IMPORT_REASONS = {
  REQUIRED: langTexts('不能为空', 'Required', 'Obrigatório'),
  TOO_LONG: langTexts('超出长度限制', 'Too long', 'Longo demais'),
  TOO_SHORT: langTexts('长度不足', 'Too short', 'Curto demais'),
  INVALID_FORMAT: langTexts('格式错误', 'Invalid format', 'Formato inválido'),
  DUPLICATE_IN_FILE: langTexts('文件内重复', 'Duplicated in the file', 'Duplicado no arquivo'),
  DUPLICATE_EXISTING: langTexts('与已有数据重复', 'Already exists', 'Já existe'),
  ORG_NOT_FOUND: langTexts('部门不存在或不在数据权限内', 'Department missing or beyond your data permission', 'Departamento inexistente ou fora da sua permissão'),
  ORG_AMBIGUOUS: langTexts('部门名称不唯一，请填写部门编码', 'Department name not unique: use its code', 'Nome de departamento não único: use o código'),
  POSITION_NOT_FOUND: langTexts('岗位不存在', 'Position not found', 'Cargo não encontrado'),
  /** City (and any other dictionary column): not a normal entry of its dictionary type. */
  DICT_NOT_FOUND: langTexts('不在数据字典中', 'Not in the dictionary', 'Não consta no dicionário'),
} as const satisfies Record<string, LangTexts>;
export type UserImportReason = keyof typeof USER_IMPORT_REASONS;
export const UserImportErrorsSchema = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) });
