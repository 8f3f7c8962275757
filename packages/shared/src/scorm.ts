import { z } from 'zod';
import { IdSchema } from './api.js';

/**
 * SCORM 1.2 packages: import limits, the reasons an import is refused (sent as `data.reason` with
 * SCORM_PARSE_FAILED; the web app translates `scorm.reason.<reason>`), and the run-time data model
 * values a learner's browser may commit (SCORM 1.2 RTE, section 3.4).
 */
export const SCORM_LIMITS = {
  /** The uploaded zip. */
  packedMaxBytes: 500 * 1024 * 1024,
  /** Everything the zip unpacks to, read from its directory before a byte is inflated. */
  unpackedMaxBytes: 1024 * 1024 * 1024,
  /** An entry above 1 MB packed better than this is a bomb; so is the whole archive. */
  packRatioMax: 100,
  entriesMax: 10_000,
  manifestMaxBytes: 5 * 1024 * 1024,
} as const;

export const SCORM_PARSE_REASONS = [
  'zip_broken',
  'manifest_missing',
  'manifest_in_subfolder',
  'manifest_invalid',
  'scorm_2004',
  'aicc',
  'no_organization',
  'item_without_resource',
  'launch_missing',
  'unsafe_path',
  'symlink',
  'too_large',
  'too_many_files',
] as const;
export type ScormParseReason = (typeof SCORM_PARSE_REASONS)[number];

/** A node of the package's table of contents (the default organization's items). */
export const ScormCatalogNodeSchema = z.object({
  /** The item's identifier; also the SCO id when the item launches something. */
  id: z.string(),
  title: z.string(),
  /** Set when the item launches a resource (SCO or asset). */
  launchable: z.boolean(),
  visible: z.boolean(),
  get children(): z.ZodArray<typeof ScormCatalogNodeSchema> {
    return z.array(ScormCatalogNodeSchema);
  },
});
export type ScormCatalogNode = z.infer<typeof ScormCatalogNodeSchema>;

/** A launchable item of the package. */
export const ScormScoSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Path inside the package (xml:base applied) with the item's parameters; or an absolute URL. */
  href: z.string(),
  scormType: z.enum(['sco', 'asset']),
  masteryScore: z.number().nullable(),
  dataFromLms: z.string().nullable(),
  maxTimeAllowed: z.string().nullable(),
  timeLimitAction: z.string().nullable(),
});
export type ScormSco = z.infer<typeof ScormScoSchema>;

export const ScormPackageInfoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  version: z.string(),
  fileName: z.string(),
  packedSize: z.number(),
  unpackedSize: z.number(),
  fileCount: z.number().int(),
  catalog: z.array(ScormCatalogNodeSchema),
  scos: z.array(ScormScoSchema),
  uploadedBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ScormPackageInfo = z.infer<typeof ScormPackageInfoSchema>;

export const SCORM_LESSON_STATUSES = ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'] as const;
export type ScormLessonStatus = (typeof SCORM_LESSON_STATUSES)[number];
export const SCORM_EXITS = ['', 'time-out', 'suspend', 'logout'] as const;

/** CMITimespan: HHHH:MM:SS.SS (hours 2 to 4 digits, optional 1 or 2 decimals of seconds). */
export const CMI_TIMESPAN = /^(\d{2,4}):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/;
/** CMIDecimal as SCORM 1.2 allows it: optional sign, digits, optional fraction. */
const CMI_DECIMAL = /^-?\d{1,10}(\.\d{1,10})?$/;

/** '' (not set) or a decimal from 0 to 100, the range of cmi.core.score.* in SCORM 1.2. */
const ScoreSchema = z
  .string()
  .max(24)
  .refine((v) => v === '' || (CMI_DECIMAL.test(v) && Number(v) >= 0 && Number(v) <= 100), 'cmi.core.score: a number from 0 to 100');

/** Context key: who keys the learning, e.g. 'course:12' or 'preview'. */
export const ScormContextKeySchema = z.string().regex(/^[a-z][a-z0-9_-]{0,30}(:[A-Za-z0-9_-]{1,60})?$/);

/** The values of one SCO a commit carries; names are the cmi.core element names without the prefix. */
export const ScormCmiValuesSchema = z.object({
  lesson_status: z.enum(SCORM_LESSON_STATUSES).optional(),
  score_raw: ScoreSchema.optional(),
  score_min: ScoreSchema.optional(),
  score_max: ScoreSchema.optional(),
  lesson_location: z.string().max(255).optional(),
  suspend_data: z.string().max(4096).optional(),
  session_time: z.string().regex(CMI_TIMESPAN).optional(),
  exit: z.enum(SCORM_EXITS).optional(),
});
export type ScormCmiValues = z.infer<typeof ScormCmiValuesSchema>;

export const ScormLaunchSchema = z.object({
  packageId: IdSchema,
  contextKey: ScormContextKeySchema,
  /** The item to open; by default the first launchable item not completed yet. */
  scoId: z.string().min(1).max(200).optional(),
});
export type ScormLaunch = z.infer<typeof ScormLaunchSchema>;

export const ScormCommitSchema = z.object({
  packageId: IdSchema,
  contextKey: ScormContextKeySchema,
  scoId: z.string().min(1).max(200),
  /** The session `launch` opened: its session_time counts once, however often it is committed. */
  sessionId: z.uuid(),
  values: ScormCmiValuesSchema,
});
export type ScormCommit = z.infer<typeof ScormCommitSchema>;

export const ScormPackageIdSchema = z.object({ id: IdSchema });

/** One SCO's saved state as launch and progress report it. */
export const ScormScoStateSchema = z.object({
  scoId: z.string(),
  lessonStatus: z.enum(SCORM_LESSON_STATUSES),
  scoreRaw: z.number().nullable(),
  scoreMin: z.number().nullable(),
  scoreMax: z.number().nullable(),
  /** CMITimespan of every session together. */
  totalTime: z.string(),
  completedAt: z.string().nullable(),
});
export type ScormScoState = z.infer<typeof ScormScoStateSchema>;

/** What the player needs to run one SCO: the catalog, every SCO's state and the values that seed the API. */
export const ScormLaunchResultSchema = z.object({
  package: z.object({ id: z.number().int(), title: z.string(), catalog: z.array(ScormCatalogNodeSchema), scos: z.array(ScormScoSchema) }),
  states: z.array(ScormScoStateSchema),
  scoId: z.string(),
  sessionId: z.string(),
  /** URL of the launch file on the content origin (never the app's), valid for a few hours for this user only. */
  contentUrl: z.string(),
  /** The `sandbox` attribute of the frame showing it (the server's CONTENT_SANDBOX). */
  sandbox: z.string(),
  /** Seeds `Scorm12API.loadFromJSON`. */
  cmi: z.object({
    core: z.object({
      student_id: z.string(),
      student_name: z.string(),
      lesson_location: z.string(),
      credit: z.enum(['credit', 'no-credit']),
      lesson_status: z.string(),
      entry: z.enum(['', 'ab-initio', 'resume']),
      total_time: z.string(),
      lesson_mode: z.enum(['normal', 'browse', 'review']),
      score: z.object({ raw: z.string(), min: z.string(), max: z.string() }),
    }),
    suspend_data: z.string(),
    launch_data: z.string(),
    student_data: z.object({ mastery_score: z.string(), max_time_allowed: z.string(), time_limit_action: z.string() }),
  }),
});
export type ScormLaunchResult = z.infer<typeof ScormLaunchResultSchema>;

/** A learner's progress through a package in one context (course, preview). */
export const ScormProgressSchema = z.object({
  packageId: z.number().int(),
  scos: z.array(
    z.object({
      scoId: z.string(),
      title: z.string(),
      lessonStatus: z.string(),
      scoreRaw: z.number().nullable(),
      /** CMITimespan of every session together. */
      totalTime: z.string(),
      totalSeconds: z.number().int(),
      completed: z.boolean(),
      passed: z.boolean(),
    }),
  ),
  /** Every SCO completed. */
  completed: z.boolean(),
  /** Every SCO with a mastery score passed, the others completed. */
  passed: z.boolean(),
});
export type ScormProgress = z.infer<typeof ScormProgressSchema>;

/** Which package's progress, in which context. */
export const ScormProgressQuerySchema = z.object({ packageId: IdSchema, contextKey: ScormContextKeySchema });
