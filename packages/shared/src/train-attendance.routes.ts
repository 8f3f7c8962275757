import { pageSchema } from './api.js';
import { CountSchema, FileAnswerSchema, defineRoute, writeRoute } from './contract.js';
import {
  AttendanceClassQuerySchema,
  AttendanceClassRowSchema,
  AttendanceEnterSchema,
  AttendanceImportQuerySchema,
  AttendanceRefuseSchema,
  AttendanceSheetSchema,
  AttendanceStatsSchema,
  ClassIdSchema,
  SignInCodeSchema,
  SignInResultSchema,
  SignInTokenSchema,
  StageIdSchema,
} from './train-attendance.js';
import { UserImportErrorsSchema, UserImportResultSchema } from './users.js';

const base = '/api/train-attendance';
/**
 * Who keeps a class's attendance: attendance approvers (`pxkqsp`) and training arrangers (`pxapgl`) for the
 * classes in their data scope, the class teacher (`pxgl-bzr`) for the classes they head (the service checks).
 */
const KEEPERS = ['pxkqsp', 'pxapgl', 'pxgl-bzr'] as const;
/** Who reads a class's sheet and statistics: its keepers, and a lecturer (`pxgl-js`) of one of its stages (read-only). */
const READERS = [...KEEPERS, 'pxgl-js'] as const;

export const trainAttendanceRoutes = {
  classes: defineRoute({ method: 'POST', path: `${base}/classes`, permission: KEEPERS, body: AttendanceClassQuerySchema, response: pageSchema(AttendanceClassRowSchema) }),
  sheet: defineRoute({ method: 'POST', path: `${base}/sheet`, permission: READERS, body: ClassIdSchema, response: AttendanceSheetSchema }),
  /** Manual entry (base-enter-attendance, enter-attendance): replaces the records named, in a draft or refused sheet. */
  enter: writeRoute(`${base}/enter`, KEEPERS, 'trainAttendance.enter', { body: AttendanceEnterSchema, response: CountSchema }),
  submit: writeRoute(`${base}/submit`, KEEPERS, 'trainAttendance.submit', { body: ClassIdSchema, response: AttendanceSheetSchema }),
  approve: writeRoute(`${base}/approve`, ['pxkqsp:approve'], 'trainAttendance.approve', { body: ClassIdSchema, response: AttendanceSheetSchema }),
  refuse: writeRoute(`${base}/refuse`, ['pxkqsp:approve'], 'trainAttendance.refuse', { body: AttendanceRefuseSchema, response: AttendanceSheetSchema }),
  reopen: writeRoute(`${base}/reopen`, ['pxkqsp:approve'], 'trainAttendance.reopen', { body: ClassIdSchema, response: AttendanceSheetSchema }),
  /** The stage's current QR code (rotates every SIGN_IN_WINDOW_MS). */
  qr: defineRoute({ method: 'POST', path: `${base}/qr`, permission: KEEPERS, body: StageIdSchema, response: SignInCodeSchema }),
  /** A trainee's sign-in by the scanned code (SIGN_IN_* refusals, spec §8). */
  signIn: defineRoute({ method: 'POST', path: `${base}/sign-in`, permission: 'authenticated', body: SignInTokenSchema, response: SignInResultSchema }),
  stats: defineRoute({ method: 'POST', path: `${base}/stats`, permission: READERS, body: ClassIdSchema, response: AttendanceStatsSchema }),
  statsExport: writeRoute(`${base}/stats/export`, ['pxkqsp:export'], 'trainAttendance.export', { body: ClassIdSchema, response: FileAnswerSchema, kind: 'download' }),
  template: writeRoute(`${base}/template`, ['pxkqsp:import'], 'trainAttendance.template', { response: FileAnswerSchema, kind: 'download' }),
  /** Multipart `file` (≤ 10 MB) into the class `classId` of the query; `mode` check or commit. */
  import: writeRoute(`${base}/import`, ['pxkqsp:import'], 'trainAttendance.import', { query: AttendanceImportQuerySchema, response: UserImportResultSchema, kind: 'upload' }),
  importErrors: writeRoute(`${base}/import/errors`, ['pxkqsp:import'], 'trainAttendance.import.errors', {
    body: UserImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
export type TrainAttendanceRoutes = typeof trainAttendanceRoutes;
