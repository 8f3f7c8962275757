import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema } from './api.js';
import { LabelsSchema } from './labels.js';
import { QUESTION_DIFFICULTIES, QUESTION_TYPES, QuestionOptionSchema, QuestionScoreSchema, type QuestionType } from './questions.js';

/**
 * Spec §3 Paper: fixed (hand-picked questions, each with its score), random (rules drawing from a
 * bank: every attempt draws its own questions) and free (both: hand-picked questions plus rules).
 */
export const PAPER_KINDS = ['fixed', 'random', 'free'] as const;
export type PaperKind = (typeof PAPER_KINDS)[number];
/** Spec §5 "names are limited to 30 or 200 characters": a paper's name is a title (like an exam's or a course's), 200. */
export const PAPER_NAME_MAX = CONSTANTS.NAME_LONG_MAX;
export const PAPER_ITEMS_MAX = 500;
export const PAPER_RULES_MAX = 50;
export const PAPER_RULE_COUNT_MAX = 200;
export const PAPER_SORT_KEYS = ['id', 'name', 'total', 'createdAt'] as const;
/** Questions marked by a reviewer (the others are marked at submission). */
export const SUBJECTIVE_QUESTION_TYPES: readonly QuestionType[] = ['short', 'operation', 'calculation'];
export const isSubjectiveType = (type: QuestionType) => SUBJECTIVE_QUESTION_TYPES.includes(type);

/** A hand-picked question and the score it carries in this paper. */
export const PaperItemSchema = z.object({ questionId: IdSchema, score: QuestionScoreSchema });
export type PaperItem = z.infer<typeof PaperItemSchema>;

/** A random rule: `count` approved questions of `type` from the bank (a classification and its sub-classifications), each worth `score`. */
export const PaperRuleSchema = z.object({
  categoryId: IdSchema,
  type: z.enum(QUESTION_TYPES),
  /** Any difficulty when left out. */
  difficulty: z.enum(QUESTION_DIFFICULTIES).nullish(),
  /** The questions carry every label given. */
  labels: LabelsSchema.default([]),
  count: z.number().int().min(1).max(PAPER_RULE_COUNT_MAX),
  score: QuestionScoreSchema,
});
export type PaperRule = z.infer<typeof PaperRuleSchema>;
export type PaperRuleInput = z.input<typeof PaperRuleSchema>;

const PaperFields = z.object({
  name: z.string().trim().min(1).max(PAPER_NAME_MAX),
  kind: z.enum(PAPER_KINDS),
  items: z.array(PaperItemSchema).max(PAPER_ITEMS_MAX).default([]),
  rules: z.array(PaperRuleSchema).max(PAPER_RULES_MAX).default([]),
});
type PaperFieldsValue = z.output<typeof PaperFields>;

/** The kind decides the parts: fixed papers have no rules, random ones no hand-picked questions; a question appears once. */
function kindRules(p: PaperFieldsValue, ctx: z.RefinementCtx) {
  if (p.kind === 'fixed' && p.rules.length) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'a fixed paper has no rules' });
  if (p.kind === 'random' && p.items.length) ctx.addIssue({ code: 'custom', path: ['items'], message: 'a random paper has no hand-picked questions' });
  if (new Set(p.items.map((i) => i.questionId)).size !== p.items.length) ctx.addIssue({ code: 'custom', path: ['items'], message: 'a question appears once' });
}
export const PaperInsertSchema = PaperFields.superRefine(kindRules);
export type PaperInsert = z.infer<typeof PaperInsertSchema>;
export type PaperInput = z.input<typeof PaperInsertSchema>;
export const PaperUpdateSchema = PaperFields.extend({ id: IdSchema }).superRefine(kindRules);
export type PaperUpdate = z.infer<typeof PaperUpdateSchema>;

/** The total: hand-picked scores plus count × score of every rule (one decimal, no float noise). */
export function paperTotal(p: { items: { score: number }[]; rules: { count: number; score: number }[] }): number {
  const halves = p.items.reduce((s, i) => s + Math.round(i.score * 2), 0) + p.rules.reduce((s, r) => s + r.count * Math.round(r.score * 2), 0);
  return halves / 2;
}

export const PaperListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  kind: z.enum(PAPER_KINDS).optional(),
});
export type PaperListQuery = z.infer<typeof PaperListQuerySchema>;

export const PaperAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type PaperAbilities = z.infer<typeof PaperAbilitiesSchema>;

export const PaperRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(PAPER_KINDS),
  total: z.number(),
  questionCount: z.number(),
  hasSubjective: z.boolean(),
  orgName: z.string().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  abilities: PaperAbilitiesSchema,
});
export type PaperRow = z.infer<typeof PaperRowSchema>;

/** A hand-picked question as the editor shows it. */
export const PaperItemDetailSchema = PaperItemSchema.extend({
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  difficulty: z.enum(QUESTION_DIFFICULTIES),
});
export type PaperItemDetail = z.infer<typeof PaperItemDetailSchema>;
export const PaperRuleDetailSchema = z.object({
  categoryId: z.number(),
  categoryName: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  difficulty: z.enum(QUESTION_DIFFICULTIES).nullable(),
  labels: z.array(z.string()),
  count: z.number(),
  score: z.number(),
  /** Approved questions the bank holds for the rule now. */
  available: z.number(),
});
export type PaperRuleDetail = z.infer<typeof PaperRuleDetailSchema>;
export const PaperDetailSchema = PaperRowSchema.extend({ items: z.array(PaperItemDetailSchema), rules: z.array(PaperRuleDetailSchema) });
export type PaperDetail = z.infer<typeof PaperDetailSchema>;

/** How many approved questions a rule would draw from (the editor shows it beside the rule). */
export const PaperRuleCheckSchema = PaperRuleSchema.omit({ count: true, score: true });
export const PaperRuleAvailableSchema = z.object({ available: z.number() });

/** A question as an examinee sees it: no answers, keywords, reference answers or analysis. */
export const DrawnQuestionSchema = z.object({
  questionId: z.number(),
  position: z.number(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(QuestionOptionSchema),
  /** Fill in blank: how many blanks the stem has. */
  blankCount: z.number(),
  /** Star rating: the number of stars. */
  stars: z.number(),
  score: z.number(),
});
export type DrawnQuestion = z.infer<typeof DrawnQuestionSchema>;
export const DrawnPaperSchema = z.object({
  paperId: z.number(),
  name: z.string(),
  kind: z.enum(PAPER_KINDS),
  total: z.number(),
  questions: z.array(DrawnQuestionSchema),
});
export type DrawnPaper = z.infer<typeof DrawnPaperSchema>;
/** Preview a draw (`add-paper`'s preview button): a random seed unless one is given. */
export const PaperPreviewSchema = z.object({ id: IdSchema, seed: z.string().trim().min(1).max(100).optional() });
