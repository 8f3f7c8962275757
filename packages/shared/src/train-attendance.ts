import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { langTexts } from './errors.js';
import { defineLifecycle } from './lifecycle.js';
import { TRAIN_CLASS_LIFECYCLE, TRAIN_CLASS_MODES } from './train-classes.js';
import { USER_IMPORT_REASONS, UserImportQuerySchema } from './users.js';

/**
 * Training attendance (spec §3 "Attendance record", §6 `pxkqsp`, §8 Training sign-in errors, §9 attendance
 * import 10 MB; pages manage-train-attendance, base-enter-attendance, enter-attendance, manage-mix-train-sign).
 * One record per stage and trainee; a class's attendance sheet is submitted and approved (or refused) by
 * holders of `pxkqsp:approve`, directly (no approval-engine flow: the sheet is one class's table, decided
 * by the attendance approvers of the class's data scope).
 */

/** The QR code of a stage changes every 30 s on the server's clock; the current and the previous window are accepted. */
export const SIGN_IN_WINDOW_MS = 30_000;
/** Sign-in opens this long before the stage starts (SIGN_IN_OUT_OF_PERIOD before) and ends with the stage (SIGN_IN_ENDED). */
export const SIGN_IN_OPENS_BEFORE_MS = 30 * 60_000;
/** A sign-in later than the stage start plus this grace is `late`. */
export const SIGN_IN_LATE_GRACE_MS = 10 * 60_000;
/** Portal page the QR code opens (`?t=<token>`): the training section's sign-in page (portal routes live under /portal). */
export const SIGN_IN_PAGE_PATH = '/portal/training/sign-in';
/** Entries of one manual save. */
export const ATTENDANCE_ENTRIES_MAX = 5000;

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** Statuses that count as attended (the statistics' rate, `attendanceOf`). */
export const ATTENDED_STATUSES: readonly AttendanceStatus[] = ['present', 'late'];
export const ATTENDANCE_SOURCES = ['qr', 'manual', 'import'] as const;
export type AttendanceSource = (typeof ATTENDANCE_SOURCES)[number];

/**
 * A class's attendance sheet: entered (draft), submitted, then approved or refused by `pxkqsp:approve`.
 * Entries change in draft and refused; a refused sheet is corrected and submitted again; `reopen` takes an
 * approved sheet back to draft (a correction after approval needs the approvers again).
 */
export const ATTENDANCE_SHEET_LIFECYCLE = defineLifecycle({
  name: 'train_attendance_sheets',
  states: ['draft', 'submitted', 'approved', 'refused'],
  initial: 'draft',
  transitions: {
    submit: { from: ['draft', 'refused'], to: 'submitted' },
    approve: { from: ['submitted'], to: 'approved' },
    refuse: { from: ['submitted'], to: 'refused' },
    reopen: { from: ['approved'], to: 'draft' },
  },
  editable: ['draft', 'refused'],
  deletable: [],
  colors: { draft: 'default', submitted: 'processing', approved: 'green', refused: 'red' },
  labels: {
    states: {
      draft: 'trainAttendance.sheet_draft',
      submitted: 'trainAttendance.sheet_submitted',
      approved: 'trainAttendance.sheet_approved',
      refused: 'trainAttendance.sheet_refused',
    },
    commands: {
      submit: 'trainAttendance.submit',
      approve: 'trainAttendance.approve',
      refuse: 'trainAttendance.refuse',
      reopen: 'trainAttendance.reopen',
    },
  },
});
export type AttendanceSheetState = (typeof ATTENDANCE_SHEET_LIFECYCLE.states)[number];
export const AttendanceSheetAbilitiesSchema = ATTENDANCE_SHEET_LIFECYCLE.abilitiesSchema.pick({ modify: true, submit: true, approve: true, refuse: true, reopen: true });
export type AttendanceSheetAbilities = z.infer<typeof AttendanceSheetAbilitiesSchema>;

/** Classes whose attendance the caller keeps: in the data scope (pxkqsp, pxapgl) or headed by the caller (pxgl-bzr). */
export const AttendanceClassQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  /** manage-mix-train-sign lists the mixed classes. */
  mode: z.enum(TRAIN_CLASS_MODES).optional(),
  sheetState: ATTENDANCE_SHEET_LIFECYCLE.stateSchema.optional(),
});
export type AttendanceClassQuery = z.infer<typeof AttendanceClassQuerySchema>;

export const AttendanceClassRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  classState: TRAIN_CLASS_LIFECYCLE.stateSchema,
  mode: z.enum(TRAIN_CLASS_MODES),
  startAt: z.string(),
  endAt: z.string(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  headmasterId: z.number().nullable(),
  /** The attendance sheet's state (`draft` before anything was entered). */
  state: ATTENDANCE_SHEET_LIFECYCLE.stateSchema,
  abilities: AttendanceSheetAbilitiesSchema,
});
export type AttendanceClassRow = z.infer<typeof AttendanceClassRowSchema>;

export const ClassIdSchema = z.object({ classId: IdSchema });
export type ClassIdBody = z.infer<typeof ClassIdSchema>;
export const StageIdSchema = z.object({ stageId: IdSchema });

export const AttendanceStageSchema = z.object({ id: z.number(), name: z.string(), startsAt: z.string(), endsAt: z.string() });
export type AttendanceStage = z.infer<typeof AttendanceStageSchema>;
export const AttendanceTraineeSchema = z.object({ userId: z.number(), realname: z.string(), username: z.string(), orgName: z.string().nullable() });
export type AttendanceTrainee = z.infer<typeof AttendanceTraineeSchema>;
export const AttendanceRecordSchema = z.object({
  stageId: z.number(),
  userId: z.number(),
  status: z.enum(ATTENDANCE_STATUSES),
  source: z.enum(ATTENDANCE_SOURCES),
  signedAt: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecordSchema>;

/** The sign-in sheet of a class: stages, admitted trainees, their records, and the sheet's state. */
export const AttendanceSheetSchema = AttendanceClassRowSchema.extend({
  stages: z.array(AttendanceStageSchema),
  trainees: z.array(AttendanceTraineeSchema),
  records: z.array(AttendanceRecordSchema),
  reason: z.string(),
  decidedAt: z.string().nullable(),
});
export type AttendanceSheet = z.infer<typeof AttendanceSheetSchema>;

/** Manual entry (base-enter-attendance, enter-attendance): a status per trainee and stage, many at once; it replaces any earlier record. */
export const AttendanceEntrySchema = z.object({ stageId: IdSchema, userId: IdSchema, status: z.enum(ATTENDANCE_STATUSES) });
export const AttendanceEnterSchema = z.object({ classId: IdSchema, entries: z.array(AttendanceEntrySchema).min(1).max(ATTENDANCE_ENTRIES_MAX) });
export type AttendanceEnter = z.infer<typeof AttendanceEnterSchema>;
export const AttendanceRefuseSchema = z.object({ classId: IdSchema, reason: z.string().trim().min(1).max(500) });

/** The QR code of a stage: the token, the sign-in URL it encodes, and the end of its window on the server's clock. */
export const SignInCodeSchema = z.object({
  stageId: z.number(),
  stageName: z.string(),
  className: z.string(),
  token: z.string(),
  /** Path and query of the portal sign-in page (the screen prefixes its origin). */
  url: z.string(),
  /** When the next code replaces this one (ISO, server clock); the screen counts down to it from `serverTime`. */
  windowEndsAt: z.string(),
  serverTime: z.string(),
});
export type SignInCode = z.infer<typeof SignInCodeSchema>;

export const SignInTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });
export const SignInResultSchema = z.object({
  className: z.string(),
  stageName: z.string(),
  status: z.enum(['present', 'late']),
  signedAt: z.string(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** Statistics of a class: per stage (attendance rate over the admitted trainees), per person, per organization. */
export const AttendanceStatsSchema = z.object({
  trainees: z.number(),
  stages: z.array(AttendanceStageSchema.extend({ present: z.number(), late: z.number(), absent: z.number(), leave: z.number(), unmarked: z.number(), rate: z.number() })),
  people: z.array(AttendanceTraineeSchema.extend({ attended: z.number(), total: z.number(), rate: z.number() })),
  orgs: z.array(z.object({ orgName: z.string().nullable(), people: z.number(), attended: z.number(), possible: z.number(), rate: z.number() })),
});
export type AttendanceStats = z.infer<typeof AttendanceStatsSchema>;

/** Excel import of attendance into one class (spec §9: ≤10 MB). */
export const ATTENDANCE_IMPORT_FIELDS = ['username', 'realname', 'stage', 'status'] as const;
export type AttendanceImportField = (typeof ATTENDANCE_IMPORT_FIELDS)[number];
export const AttendanceImportQuerySchema = UserImportQuerySchema.extend({ classId: IdSchema });
export type AttendanceImportQuery = z.infer<typeof AttendanceImportQuerySchema>;
export const ATTENDANCE_IMPORT_REASONS = {
  REQUIRED: USER_IMPORT_REASONS.REQUIRED,
  TOO_LONG: USER_IMPORT_REASONS.TOO_LONG,
  TOO_SHORT: USER_IMPORT_REASONS.TOO_SHORT,
  USER_NOT_FOUND: langTexts('账号不存在', 'No such account', 'Conta inexistente'),
  NOT_ADMITTED: langTexts('不是本班已录取学员', 'Not an admitted trainee of this class', 'Não é um formando admitido desta turma'),
  STAGE_NOT_FOUND: langTexts('本班没有该阶段', 'No such stage in this class', 'Não há esta etapa na turma'),
  STATUS_INVALID: langTexts('考勤状态应为：出勤/迟到/缺勤/请假', 'Status must be: present/late/absent/leave', 'O status deve ser: presente/atrasado/ausente/licença'),
  DUPLICATE_IN_FILE: langTexts('文件内重复', 'Duplicate in the file', 'Repetido no arquivo'),
} as const;
export type AttendanceImportReason = keyof typeof ATTENDANCE_IMPORT_REASONS;

/** Whether a sign-in was after the start plus the grace (the portal page says "signed in (late)"). */
export const signedInLate = (r: Pick<SignInResult, 'status'>) => r.status === 'late';
