import { z } from 'zod';
import { langTexts, type LangTexts } from './errors.js';
import { IdSchema, IdsSchema, PageQuerySchema, ownerFields } from './api.js';
import { CategoryNodeSchema, type CategoryNode } from './category-tree.js';
import { LabelsSchema } from './labels.js';
import { defineLifecycle } from './lifecycle.js';
import { UserImportQuerySchema } from './users.js';

/** Spec §3 Question: the eight types. */
export const QUESTION_TYPES = ['single', 'multiple', 'judgment', 'fill', 'short', 'operation', 'calculation', 'rating'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];
/** Depth of the question classification tree (classifications keep to 5 levels, spec §9). */
export const QUESTION_CATEGORY_DEPTH = 5;
export const QUESTION_SORT_KEYS = ['id', 'createdAt', 'score', 'difficulty'] as const;

/** Spec §5 Questions and §9. */
export const QUESTION_STEM_MAX = 200;
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 26;
export const QUESTION_TEXT_MAX = 2000;
export const QUESTION_SCORE_MAX = 100;
export const QUESTION_STARS_MAX = 10;
export const QUESTION_REFUSE_REASON_MAX = 200;
/** Option letters A–Z. */
export const OPTION_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/**
 * The helper of spec §5: a decimal input reduced to one decimal place and capped at 100 (the
 * client uses it on the score field; the server refuses anything but a multiple of 0.5).
 */
export function roundQuestionScore(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(QUESTION_SCORE_MAX, Math.round(value * 10) / 10);
}
export const QuestionScoreSchema = z
  .number()
  .positive()
  .max(QUESTION_SCORE_MAX)
  .refine((v) => Number.isInteger(v * 2), { message: 'score must be a multiple of 0.5' });

/** The stem's text without markup (its length is what the 200 limit counts). */
export const stemText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x')
    .trim();
/** Blanks of a fill-in stem: `（）` or `()`, spaces allowed inside. */
export const countBlanks = (stem: string) => (stemText(stem).match(/[（(]\s*[）)]/g) ?? []).length;

const TextSchema = z.string().trim().max(QUESTION_TEXT_MAX);
export const QuestionOptionSchema = z.object({ content: z.string().trim().min(1).max(500) });
export type QuestionOption = z.infer<typeof QuestionOptionSchema>;
const ChoiceTypes: readonly QuestionType[] = ['single', 'multiple'];

const QuestionFields = z.object({
  type: z.enum(QUESTION_TYPES),
  categoryId: IdSchema.nullish(),
  /** Rich text (sanitized on the server); at most 200 characters of text. */
  stem: z
    .string()
    .trim()
    .min(1)
    .max(QUESTION_STEM_MAX * 20)
    .refine((s) => stemText(s).length >= 1 && stemText(s).length <= QUESTION_STEM_MAX, { message: 'question.rule.stem' }),
  difficulty: z.enum(QUESTION_DIFFICULTIES).default('medium'),
  labels: LabelsSchema.default([]),
  score: QuestionScoreSchema,
  analysis: TextSchema.default(''),
  /** Single and multiple choice: 2 to 26 options, lettered A–Z in order. */
  options: z.array(QuestionOptionSchema).max(QUESTION_OPTIONS_MAX).default([]),
  /** Choice: option letters; judgment: 'T' or 'F'. */
  answers: z.array(z.string().trim().min(1).max(1)).max(QUESTION_OPTIONS_MAX).default([]),
  /** Fill in blank: per blank (in stem order), its accepted answers. */
  blanks: z
    .array(z.array(z.string().trim().min(1).max(200)).min(1).max(10))
    .max(50)
    .default([]),
  /** Short answer: keywords (comma separated), optionally scoring the answer automatically. */
  keywords: TextSchema.default(''),
  autoScore: z.boolean().default(false),
  /** Short answer, operation, calculation: the reference (step) answer. */
  answerText: TextSchema.default(''),
  /** Star rating: the number of stars. */
  stars: z.number().int().min(1).max(QUESTION_STARS_MAX).default(5),
});

type QuestionFieldsValue = z.output<typeof QuestionFields>;

/** The per-type rules of spec §5, each refusal naming its field; messages are the web's texts (`question.rule.<field>`). */
function typeRules(q: QuestionFieldsValue, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const choice = ChoiceTypes.includes(q.type);
  if (choice) {
    const min = q.type === 'multiple' ? 3 : QUESTION_OPTIONS_MIN;
    if (q.options.length < min) issue('options', 'question.rule.options');
    const letters = OPTION_LETTERS.slice(0, q.options.length);
    if (q.answers.some((a) => !letters.includes(a)) || new Set(q.answers).size !== q.answers.length) issue('answers', 'question.rule.answers');
    else if (q.type === 'single' && q.answers.length !== 1) issue('answers', 'question.rule.answers');
    else if (q.type === 'multiple' && q.answers.length < 2) issue('answers', 'question.rule.answers');
  } else if (q.options.length) issue('options', 'question.rule.options');
  if (q.type === 'judgment' && (q.answers.length !== 1 || !['T', 'F'].includes(q.answers[0]))) issue('answers', 'question.rule.answers');
  if (!choice && q.type !== 'judgment' && q.answers.length) issue('answers', 'question.rule.answers');
  if (q.type === 'fill') {
    const blanks = countBlanks(q.stem);
    if (blanks === 0) issue('stem', 'question.rule.stem');
    else if (q.blanks.length !== blanks) issue('blanks', 'question.rule.blanks');
  } else if (q.blanks.length) issue('blanks', 'question.rule.blanks');
  if (q.type !== 'short' && (q.keywords || q.autoScore)) issue('keywords', 'question.rule.keywords');
  if (q.type === 'short' && q.autoScore && !q.keywords) issue('keywords', 'question.rule.keywords');
}

export const QuestionInsertSchema = QuestionFields.superRefine(typeRules);
export type QuestionInsert = z.infer<typeof QuestionInsertSchema>;
export type QuestionInput = z.input<typeof QuestionInsertSchema>;
/** An edit replaces the whole question (its type may change while it is a draft). */
export const QuestionUpdateSchema = QuestionFields.extend({ id: IdSchema }).superRefine(typeRules);
export type QuestionUpdate = z.infer<typeof QuestionUpdateSchema>;

/**
 * Approval (`approval-questions`): a new question is a draft; submitted, it waits for approval and
 * is approved (usable in papers) or refused with a reason (editable and submittable again).
 */
export const QUESTION_STATUSES = ['draft', 'pending', 'approved', 'refused'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
/** Sent back by a reviewer (with a reason), to be edited and submitted again. */
export const questionRefused = (q: { status: QuestionStatus }) => q.status === 'refused';
export const QUESTION_LIFECYCLE = defineLifecycle({
  name: 'questions',
  states: QUESTION_STATUSES,
  initial: 'draft',
  transitions: {
    submit: { from: ['draft', 'refused'], to: 'pending' },
    approve: { from: ['pending'], to: 'approved' },
    refuse: { from: ['pending'], to: 'refused' },
    /** An approved question back to a draft, to be changed and submitted again (tkgl:unpublish; not while a paper uses it). */
    unpublish: { from: ['approved'], to: 'draft' },
  },
  editable: ['draft', 'refused'],
  deletable: ['draft', 'refused', 'approved'],
  colors: { draft: 'default', pending: 'processing', approved: 'green', refused: 'red' },
  labels: {
    states: { draft: 'question.status_draft', pending: 'question.status_pending', approved: 'question.status_approved', refused: 'question.status_refused' },
    commands: { submit: 'question.submit', approve: 'question.approve', refuse: 'question.refuse', unpublish: 'question.unpublish' },
  },
});
export const QuestionAbilitiesSchema = QUESTION_LIFECYCLE.abilitiesSchema;
export type QuestionAbilities = z.infer<typeof QuestionAbilitiesSchema>;

export const QuestionRefuseSchema = IdsSchema.extend({ reason: z.string().trim().min(1).max(QUESTION_REFUSE_REASON_MAX) });
export type QuestionRefuse = z.infer<typeof QuestionRefuseSchema>;

export const QuestionListQuerySchema = PageQuerySchema.extend({
  /** Searches the stem. */
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  difficulty: z.enum(QUESTION_DIFFICULTIES).optional(),
  status: QUESTION_LIFECYCLE.stateSchema.optional(),
  /** The category and its sub-categories. */
  categoryId: IdSchema.optional(),
  label: z.string().trim().min(1).max(10).optional(),
});
export type QuestionListQuery = z.infer<typeof QuestionListQuerySchema>;

export const QuestionCategoryNodeSchema = CategoryNodeSchema;
export type QuestionCategoryNode = CategoryNode;

export const QuestionRowSchema = z.object({
  id: z.number(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  difficulty: z.enum(QUESTION_DIFFICULTIES),
  labels: z.array(z.string()),
  score: z.number(),
  analysis: z.string(),
  options: z.array(QuestionOptionSchema),
  answers: z.array(z.string()),
  blanks: z.array(z.array(z.string())),
  keywords: z.string(),
  autoScore: z.boolean(),
  answerText: z.string(),
  stars: z.number(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  status: QUESTION_LIFECYCLE.stateSchema,
  refuseReason: z.string().nullable(),
  ...ownerFields,
  abilities: QuestionAbilitiesSchema,
});
export type QuestionRow = z.infer<typeof QuestionRowSchema>;

/** Import (`add-question-upload`): one template per type; `type` picks it. */
export const QuestionTemplateQuerySchema = z.object({ type: z.enum(QUESTION_TYPES) });
/** The user import's two steps (`check`, then `commit`), for the template of `type`. */
export const QuestionImportQuerySchema = z.object({ type: z.enum(QUESTION_TYPES), ...UserImportQuerySchema.shape });
export type QuestionImportQuery = z.infer<typeof QuestionImportQuerySchema>;
/** Columns (error `field` values) of the question templates; each type's template holds some of them. */
export const QUESTION_IMPORT_FIELDS = [
  'stem',
  'options',
  'answer',
  'keywords',
  'autoScore',
  'answerText',
  'stars',
  'score',
  'difficulty',
  'labels',
  'category',
  'analysis',
] as const;
export type QuestionImportField = (typeof QUESTION_IMPORT_FIELDS)[number];
/** Row reasons of a question import, with the text written to the error file in the caller's language. */
export const QUESTION_IMPORT_REASONS = {
  REQUIRED: langTexts('不能为空', 'Required', 'Obrigatório'),
  TOO_LONG: langTexts('超出长度限制', 'Too long', 'Longo demais'),
  INVALID_FORMAT: langTexts('格式错误', 'Invalid format', 'Formato inválido'),
  SCORE_INVALID: langTexts('分值须为0.5的倍数，且不超过100', 'Must be a multiple of 0.5 up to 100', 'Deve ser múltiplo de 0,5 até 100'),
  RULE_BROKEN: langTexts('不符合该题型的规则', 'Breaks the rules of this question type', 'Não segue as regras deste tipo de questão'),
  CATEGORY_NOT_FOUND: langTexts('分类不存在', 'No such classification', 'Classificação inexistente'),
  CATEGORY_AMBIGUOUS: langTexts('分类名称不唯一', 'Several classifications have this name', 'Várias classificações têm este nome'),
} as const satisfies Record<string, LangTexts>;
export type QuestionImportReason = keyof typeof QUESTION_IMPORT_REASONS;
/** Body of the export: the list filters (a bank is `categoryId`); page, size and sort are ignored. */
export const QuestionExportQuerySchema = QuestionListQuerySchema;
export type QuestionExportQuery = z.infer<typeof QuestionExportQuerySchema>;
