import { z } from 'zod';
import { ExportLocaleSchema, IdSchema, PageQuerySchema, ownerNameFields } from './api.js';
import { AudienceSchema, AudienceTargetRowSchema } from './audiences.js';
import { defineLifecycle } from './lifecycle.js';
import { AnswerSetSchema, QuestionnaireItemSchema, QuestionnaireItemsSchema } from './questionnaires.js';
/**
 * Surveys (`dcgl`, `manage-survey` / `add-survey`): a questionnaire sent to an audience between a
 * start and an end. draft → released ⇄ unreleased; released → ended by the clock at the end (a
 * read computes it before the clock job stores it: `surveyStateAt`). A released survey changes
 * only its end (later); a survey with answers keeps its questions.
 */
export const SURVEY_STATUSES = ['draft', 'released', 'unreleased', 'ended'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];
export const SURVEY_LIFECYCLE = defineLifecycle({
  name: 'surveys',
  states: SURVEY_STATUSES,
  initial: 'draft',
  transitions: {
    release: { from: ['draft', 'unreleased'], to: 'released' },
    unrelease: { from: ['released'], to: 'unreleased' },
    /** Clock command: run by the survey clock job (and applied on read), never by a person. */
    end: { from: ['released'], to: 'ended' },
  },
  editable: ['draft', 'released', 'unreleased'],
  deletable: ['draft', 'unreleased'],
  colors: { draft: 'default', released: 'green', unreleased: 'orange', ended: 'red' },
  labels: {
    states: { draft: 'survey.status_draft', released: 'survey.status_released', unreleased: 'survey.status_unreleased', ended: 'survey.status_ended' },
    commands: { release: 'survey.release', unrelease: 'survey.unrelease', end: 'survey.end' },
  },
});
/** The stored state as of `now`: a released survey past its end has ended. */
export function surveyStateAt(stored: SurveyStatus, endAt: Date, now: Date = new Date()): SurveyStatus {
  return stored === 'released' && now.getTime() >= endAt.getTime() ? 'ended' : stored;
}
/** Audience owner type of surveys (audiences module). */
export const SURVEY_AUDIENCE = 'survey';
export const SURVEY_NAME_MAX = 200;

export const SurveyAbilitiesSchema = SURVEY_LIFECYCLE.abilitiesSchema;
export type SurveyAbilities = z.infer<typeof SurveyAbilitiesSchema>;
export const SURVEY_SORT_KEYS = ['id', 'name', 'startAt', 'endAt', 'createdAt'] as const;

const isoTime = z.iso.datetime({ offset: true });
const surveyFields = {
  /** Unique among surveys (DUPLICATE_SURVEY). */
  name: z.string().trim().min(1).max(SURVEY_NAME_MAX),
  /** A classification of the questionnaire tree. */
  categoryId: IdSchema.nullish(),
  description: z.string().trim().max(2000),
  startAt: isoTime,
  endAt: isoTime,
  /** Respondents see the summary of everyone's answers. */
  resultsPublic: z.boolean(),
  /** No answer can be linked to its respondent by an administrator. */
  anonymous: z.boolean(),
  /** A person may answer more than once. */
  repeatable: z.boolean(),
  audience: AudienceSchema,
  /** The published template its items were copied from, if any. */
  templateId: IdSchema.nullish(),
  items: QuestionnaireItemsSchema,
};
const startBeforeEnd = (v: { startAt?: string; endAt?: string }) => v.startAt === undefined || v.endAt === undefined || Date.parse(v.startAt) < Date.parse(v.endAt);
// The message is the text key the form shows (a key, not a sentence: see the web's zod-rules issueText).
const startBeforeEndIssue = { message: 'survey.endAfterStart', path: ['endAt'] };
export const SurveyInsertSchema = z
  .object({
    ...surveyFields,
    description: surveyFields.description.default(''),
    resultsPublic: surveyFields.resultsPublic.default(false),
    anonymous: surveyFields.anonymous.default(false),
    repeatable: surveyFields.repeatable.default(false),
    audience: surveyFields.audience.default([]),
    items: surveyFields.items.default([]),
  })
  .refine(startBeforeEnd, startBeforeEndIssue);
export type SurveyInsert = z.infer<typeof SurveyInsertSchema>;
export type SurveyInput = z.input<typeof SurveyInsertSchema>;
/** Fields left out keep their value. Released: only a later `endAt`; with answers: not `items`. */
export const SurveyUpdateSchema = z.object(surveyFields).partial().extend({ id: IdSchema }).refine(startBeforeEnd, startBeforeEndIssue);
export type SurveyUpdate = z.infer<typeof SurveyUpdateSchema>;

export const SurveyListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: SURVEY_LIFECYCLE.stateSchema.optional(),
  categoryId: IdSchema.optional(),
  /** Surveys starting at or after / before these times. */
  startFrom: isoTime.optional(),
  startTo: isoTime.optional(),
});
export type SurveyListQuery = z.infer<typeof SurveyListQuerySchema>;

export const SurveyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The state on the server's clock. */
  status: SURVEY_LIFECYCLE.stateSchema,
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  resultsPublic: z.boolean(),
  anonymous: z.boolean(),
  repeatable: z.boolean(),
  /** People who answered, and the audience's size (the response rate). */
  respondents: z.number(),
  audienceSize: z.number(),
  ...ownerNameFields,
  abilities: SurveyAbilitiesSchema,
});
export type SurveyRow = z.infer<typeof SurveyRowSchema>;
export const SurveyDetailSchema = SurveyRowSchema.extend({
  description: z.string(),
  templateId: z.number().nullable(),
  items: z.array(QuestionnaireItemSchema),
  audience: z.array(AudienceTargetRowSchema),
});
export type SurveyDetail = z.infer<typeof SurveyDetailSchema>;

/** The student's side: surveys open to them. */
export const MY_SURVEY_STATES = ['notStarted', 'open', 'answered', 'ended'] as const;
export const MySurveyQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({ state: z.enum(MY_SURVEY_STATES).optional() });
export type MySurveyQuery = z.infer<typeof MySurveyQuerySchema>;
export const MySurveyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  anonymous: z.boolean(),
  state: z.enum(MY_SURVEY_STATES),
  answeredCount: z.number(),
  abilities: z.object({ answer: z.boolean(), results: z.boolean() }),
});
export type MySurveyRow = z.infer<typeof MySurveyRowSchema>;
/** The answer page: the items, the kept draft, what the caller may do. */
export const SurveySheetSchema = MySurveyRowSchema.extend({ description: z.string(), items: z.array(QuestionnaireItemSchema), draft: AnswerSetSchema.nullable() });
export type SurveySheet = z.infer<typeof SurveySheetSchema>;
export const SurveyAnswerBodySchema = z.object({ id: IdSchema, answers: AnswerSetSchema });
export type SurveyAnswerBody = z.infer<typeof SurveyAnswerBodySchema>;

// ---- Results and reports (`survey-result`, `manage-survey-report`, `manage-surveydetail-report`) ----

/**
 * Results of one survey. `orgId` keeps the answers given by people of that organization subtree
 * (the organization stored with a named answer); an anonymous answer keeps no organization, so an
 * anonymous survey refuses the filter (SURVEY_ANONYMOUS_REFUSED naming `orgId`).
 */
export const SurveyResultQuerySchema = z.object({ id: IdSchema, orgId: IdSchema.optional() });
export type SurveyResultQuery = z.infer<typeof SurveyResultQuerySchema>;

const share = { count: z.number().int(), /** Of the answers to the item, 0–100, one decimal. */ percent: z.number() };
const itemHead = { key: z.string(), title: z.string(), /** Answers that said something to the item. */ answered: z.number().int() };
/** One item's figures, by kind. Free texts are read page by page (`texts`), never here. */
export const SurveyItemResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('section'), key: z.string(), title: z.string() }),
  z.object({
    kind: z.enum(['single', 'multiple']),
    ...itemHead,
    options: z.array(z.object({ label: z.string(), ...share })),
    /** "Other, please specify" picks (their texts: `texts`); null when the item has no "other". */
    other: z.object(share).nullable(),
  }),
  z.object({
    kind: z.literal('rating'),
    ...itemHead,
    scale: z.number().int(),
    average: z.number().nullable(),
    /** One entry per star value 1…scale. */
    distribution: z.array(z.object({ value: z.number().int(), ...share })),
  }),
  z.object({
    kind: z.literal('matrix'),
    ...itemHead,
    rows: z.array(z.string()),
    columns: z.array(z.string()),
    /** `cells[row][column]`: how many picked that column on that row. */
    cells: z.array(z.array(z.number().int())),
  }),
  z.object({ kind: z.literal('number'), ...itemHead, average: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable() }),
  z.object({ kind: z.enum(['text', 'textarea']), ...itemHead }),
  z.object({ kind: z.literal('date'), ...itemHead, earliest: z.string().nullable(), latest: z.string().nullable() }),
]);
export type SurveyItemResult = z.infer<typeof SurveyItemResultSchema>;

export const SurveyResultSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: SURVEY_LIFECYCLE.stateSchema,
  anonymous: z.boolean(),
  repeatable: z.boolean(),
  resultsPublic: z.boolean(),
  startAt: z.string(),
  endAt: z.string(),
  /** People in the audience (of the organization filter, when given). */
  audienceSize: z.number().int(),
  /** People of the audience who answered, and their share of it (0–100, one decimal). */
  respondents: z.number().int(),
  rate: z.number(),
  /** Answers counted (a repeatable survey takes several per person). */
  responses: z.number().int(),
  /** Whether the organization filter and the list of who has not answered are available (named surveys). */
  named: z.boolean(),
  items: z.array(SurveyItemResultSchema),
  /** What the caller may do here (management side; a respondent gets all false). */
  abilities: z.object({ texts: z.boolean(), unanswered: z.boolean(), remind: z.boolean(), export: z.boolean() }),
});
export type SurveyResult = z.infer<typeof SurveyResultSchema>;

/** Free texts of a text item, or the "other" texts of a choice item, newest first. */
export const SurveyTextQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  id: IdSchema,
  key: z.string().min(1).max(32),
  orgId: IdSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type SurveyTextQuery = z.infer<typeof SurveyTextQuerySchema>;
export const SurveyTextRowSchema = z.object({
  text: z.string(),
  /** Named surveys only: who wrote it; an anonymous survey answers null. */
  realname: z.string().nullable(),
  orgName: z.string().nullable(),
  /** An anonymous answer keeps only its day. */
  submittedAt: z.string(),
});
export type SurveyTextRow = z.infer<typeof SurveyTextRowSchema>;

/** Who of the audience has not answered (named surveys only). */
export const SurveyUnansweredQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  id: IdSchema,
  orgId: IdSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type SurveyUnansweredQuery = z.infer<typeof SurveyUnansweredQuerySchema>;
export const SurveyUnansweredRowSchema = z.object({ userId: z.number(), realname: z.string(), username: z.string(), orgName: z.string().nullable() });
export type SurveyUnansweredRow = z.infer<typeof SurveyUnansweredRowSchema>;
/** Sends the reminder message to everyone of the audience (of `orgId`, when given) who has not answered. */
export const SurveyRemindSchema = z.object({ id: IdSchema, orgId: IdSchema.optional() });
export type SurveyRemind = z.infer<typeof SurveyRemindSchema>;

/** Excel exports of one survey (raw answers, or the summary), in the reader's language and time zone. */
export const SurveyResultExportSchema = SurveyResultQuerySchema.extend(ExportLocaleSchema.shape);
export type SurveyResultExport = z.infer<typeof SurveyResultExportSchema>;

/** `manage-survey-report`: the surveys of the caller's scope with their response figures. */
export const SURVEY_REPORT_SORT_KEYS = SURVEY_SORT_KEYS;
export const SurveyReportQuerySchema = SurveyListQuerySchema;
export type SurveyReportQuery = z.infer<typeof SurveyReportQuerySchema>;
export const SurveyReportRowSchema = SurveyRowSchema.extend({ rate: z.number() });
export type SurveyReportRow = z.infer<typeof SurveyReportRowSchema>;

/** `manage-surveydetail-report`: one survey's response rate per organization of its audience. */
export const SurveyOrgReportQuerySchema = PageQuerySchema.extend({ id: IdSchema, keyword: z.string().trim().max(100).optional() });
export type SurveyOrgReportQuery = z.infer<typeof SurveyOrgReportQuerySchema>;
export const SURVEY_ORG_REPORT_SORT_KEYS = ['orgName', 'audienceSize', 'respondents', 'rate'] as const;
export const SurveyOrgReportRowSchema = z.object({
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  audienceSize: z.number().int(),
  respondents: z.number().int(),
  rate: z.number(),
});
export type SurveyOrgReportRow = z.infer<typeof SurveyOrgReportRowSchema>;
