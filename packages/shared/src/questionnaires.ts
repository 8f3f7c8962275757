import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerNameFields } from './api.js';
import { definePublishLifecycle } from './lifecycle.js';
import { langTexts } from './errors.js';
import { UserImportQuerySchema, UserImportResultSchema } from './users.js';

/**
 * A questionnaire's content (issue 20): the items a respondent sees, in order, and the rules an
 * answer set must keep. Templates (`wjgl`), surveys (`dcgl`) and later training satisfaction use
 * the same content, and the answer page and the server check answers with the same function
 * (`checkAnswers`), so a rule changed here changes both.
 */
export const QUESTIONNAIRE_ITEM_KINDS = ['section', 'single', 'multiple', 'text', 'textarea', 'rating', 'matrix', 'number', 'date'] as const;
export type QuestionnaireItemKind = (typeof QUESTIONNAIRE_ITEM_KINDS)[number];

export const QUESTIONNAIRE_ITEMS_MAX = 200;
export const QUESTIONNAIRE_TITLE_MAX = 500;
export const QUESTIONNAIRE_OPTION_MAX = 200;
export const QUESTIONNAIRE_OPTIONS_MIN = 2;
export const QUESTIONNAIRE_OPTIONS_MAX = 50;
export const QUESTIONNAIRE_MATRIX_ROWS_MAX = 30;
export const QUESTIONNAIRE_TEXT_MAX = 200;
export const QUESTIONNAIRE_TEXTAREA_MAX = 2000;
/** Star ratings run 1–5 or 1–10. */
export const QUESTIONNAIRE_RATING_SCALES = [5, 10] as const;

const Key = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/i, 'a key is 1–32 letters, digits, _ or -');
const Title = z.string().trim().min(1).max(QUESTIONNAIRE_TITLE_MAX);
const Label = z.string().trim().min(1).max(QUESTIONNAIRE_OPTION_MAX);
const Options = z.array(Label).min(QUESTIONNAIRE_OPTIONS_MIN).max(QUESTIONNAIRE_OPTIONS_MAX);

/** Show the item only when an earlier choice item's answer picked one of these options (0-based). */
export const ItemConditionSchema = z.object({ itemKey: Key, anyOf: z.array(z.number().int().min(0)).min(1) });
export type ItemCondition = z.infer<typeof ItemConditionSchema>;

const base = { key: Key, title: Title, description: z.string().trim().max(QUESTIONNAIRE_TEXTAREA_MAX).optional(), condition: ItemConditionSchema.optional() };
const asked = { ...base, required: z.boolean().default(false) };

export const QuestionnaireItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('section'), ...base }),
  z.object({ kind: z.literal('single'), ...asked, options: Options, allowOther: z.boolean().default(false) }),
  z.object({
    kind: z.literal('multiple'),
    ...asked,
    options: Options,
    allowOther: z.boolean().default(false),
    minPicks: z.number().int().min(1).optional(),
    maxPicks: z.number().int().min(1).optional(),
  }),
  z.object({ kind: z.literal('text'), ...asked, maxLength: z.number().int().min(1).max(QUESTIONNAIRE_TEXT_MAX).default(QUESTIONNAIRE_TEXT_MAX) }),
  z.object({ kind: z.literal('textarea'), ...asked, maxLength: z.number().int().min(1).max(QUESTIONNAIRE_TEXTAREA_MAX).default(QUESTIONNAIRE_TEXTAREA_MAX) }),
  z.object({ kind: z.literal('rating'), ...asked, scale: z.union([z.literal(5), z.literal(10)]).default(5) }),
  z.object({ kind: z.literal('matrix'), ...asked, rows: z.array(Label).min(1).max(QUESTIONNAIRE_MATRIX_ROWS_MAX), columns: Options }),
  z.object({ kind: z.literal('number'), ...asked, min: z.number().optional(), max: z.number().optional(), integer: z.boolean().default(false) }),
  z.object({ kind: z.literal('date'), ...asked }),
]);
export type QuestionnaireItem = z.infer<typeof QuestionnaireItemSchema>;
export type QuestionnaireItemInput = z.input<typeof QuestionnaireItemSchema>;
type Asked = Exclude<QuestionnaireItem, { kind: 'section' }>;
type ChoiceItem = Extract<QuestionnaireItem, { kind: 'single' | 'multiple' }>;

const isChoice = (item: QuestionnaireItem): item is ChoiceItem => item.kind === 'single' || item.kind === 'multiple';
export const isAsked = (item: QuestionnaireItem): item is Asked => item.kind !== 'section';

/**
 * The items of a questionnaire, checked as a whole: keys unique, a condition names an earlier
 * choice item and options it has, pick limits within the options, a number range in order. Issues
 * name `items.<i>.<field>` so a form puts them on the field.
 */
export const QuestionnaireItemsSchema = z
  .array(QuestionnaireItemSchema)
  .max(QUESTIONNAIRE_ITEMS_MAX)
  .superRefine((items, ctx) => {
    const issue = (i: number, field: string, message: string) => ctx.addIssue({ code: 'custom', path: [i, field], message });
    const seen = new Map<string, QuestionnaireItem>();
    items.forEach((item, i) => {
      if (seen.has(item.key)) issue(i, 'key', 'the key is used by another item');
      if (item.condition) {
        const target = seen.get(item.condition.itemKey);
        if (!target || !isChoice(target)) issue(i, 'condition', 'a condition names an earlier single or multiple choice item');
        else if (item.condition.anyOf.some((o) => o >= target.options.length)) issue(i, 'condition', 'a condition names an option the item does not have');
      }
      if (item.kind === 'multiple') {
        if (item.minPicks !== undefined && item.minPicks > item.options.length) issue(i, 'minPicks', 'more picks than options');
        if (item.maxPicks !== undefined && item.maxPicks > item.options.length + (item.allowOther ? 1 : 0)) issue(i, 'maxPicks', 'more picks than options');
        if (item.minPicks !== undefined && item.maxPicks !== undefined && item.minPicks > item.maxPicks) issue(i, 'maxPicks', 'the maximum is below the minimum');
      }
      if (item.kind === 'number' && item.min !== undefined && item.max !== undefined && item.min > item.max) issue(i, 'max', 'the maximum is below the minimum');
      if (isChoice(item) && new Set(item.options).size !== item.options.length) issue(i, 'options', 'options repeat');
      seen.set(item.key, item);
    });
  });

/**
 * One answer. Choices are option indexes (0-based); `other` is the "other, please specify" text;
 * a matrix answers one column index per row; a date is `YYYY-MM-DD`.
 */
export const ItemAnswerSchema = z.union([
  z.object({ picks: z.array(z.number().int().min(0)).max(QUESTIONNAIRE_OPTIONS_MAX + 1), other: z.string().trim().max(QUESTIONNAIRE_OPTION_MAX).optional() }),
  z.object({ text: z.string().max(QUESTIONNAIRE_TEXTAREA_MAX) }),
  z.object({ rating: z.number().int() }),
  z.object({ rows: z.array(z.number().int().min(0).nullable()).max(QUESTIONNAIRE_MATRIX_ROWS_MAX) }),
  z.object({ number: z.number().finite() }),
  z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
]);
export type ItemAnswer = z.infer<typeof ItemAnswerSchema>;
export const AnswerSetSchema = z.record(Key, ItemAnswerSchema);
export type AnswerSet = z.infer<typeof AnswerSetSchema>;

/** The `other` pick of a choice item that allows it: one past its options. */
export const otherPick = (item: ChoiceItem) => item.options.length;

/**
 * Whether an item is shown for these answers: no condition, or the condition's item is itself
 * shown and its answer picked one of the options. A hidden item is neither required nor stored.
 */
export function isItemShown(items: readonly QuestionnaireItem[], answers: AnswerSet, key: string, depth = 0): boolean {
  const item = items.find((x) => x.key === key);
  if (!item?.condition || depth > items.length) return !!item;
  const { itemKey, anyOf } = item.condition;
  const answer = answers[itemKey];
  const picks = answer && 'picks' in answer ? answer.picks : [];
  return picks.some((p) => anyOf.includes(p)) && isItemShown(items, answers, itemKey, depth + 1);
}

export const ANSWER_PROBLEMS = [
  'required',
  'unknownItem',
  'hidden',
  'wrongShape',
  'unknownOption',
  'tooFewPicks',
  'tooManyPicks',
  'otherMissing',
  'tooLong',
  'outOfRange',
  'notInteger',
  'badDate',
] as const;
export type AnswerProblem = (typeof ANSWER_PROBLEMS)[number];
export interface AnswerIssue {
  key: string;
  problem: AnswerProblem;
}

const isEmpty = (a: ItemAnswer | undefined) =>
  !a || ('picks' in a && a.picks.length === 0) || ('text' in a && a.text.trim() === '') || ('rows' in a && a.rows.every((r) => r === null));

function problemOf(item: Asked, a: ItemAnswer): AnswerProblem | null {
  switch (item.kind) {
    case 'single':
    case 'multiple': {
      if (!('picks' in a)) return 'wrongShape';
      const limit = item.options.length + (item.allowOther ? 1 : 0);
      if (a.picks.some((p) => p >= limit) || new Set(a.picks).size !== a.picks.length) return 'unknownOption';
      if (item.kind === 'single' && a.picks.length > 1) return 'tooManyPicks';
      if (item.allowOther && a.picks.includes(otherPick(item)) && !a.other?.trim()) return 'otherMissing';
      if (item.kind === 'multiple' && item.minPicks !== undefined && a.picks.length < item.minPicks) return 'tooFewPicks';
      if (item.kind === 'multiple' && item.maxPicks !== undefined && a.picks.length > item.maxPicks) return 'tooManyPicks';
      return null;
    }
    case 'text':
    case 'textarea':
      if (!('text' in a)) return 'wrongShape';
      return a.text.trim().length > item.maxLength ? 'tooLong' : null;
    case 'rating':
      if (!('rating' in a)) return 'wrongShape';
      return a.rating < 1 || a.rating > item.scale ? 'outOfRange' : null;
    case 'matrix':
      if (!('rows' in a)) return 'wrongShape';
      if (a.rows.length !== item.rows.length) return 'wrongShape';
      if (a.rows.some((r) => r !== null && r >= item.columns.length)) return 'unknownOption';
      return item.required && a.rows.some((r) => r === null) ? 'required' : null;
    case 'number':
      if (!('number' in a)) return 'wrongShape';
      if (item.integer && !Number.isInteger(a.number)) return 'notInteger';
      return (item.min !== undefined && a.number < item.min) || (item.max !== undefined && a.number > item.max) ? 'outOfRange' : null;
    case 'date': {
      if (!('date' in a)) return 'wrongShape';
      const d = new Date(`${a.date}T00:00:00Z`);
      return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== a.date ? 'badDate' : null;
    }
  }
}

/**
 * Every problem of an answer set against the items, in item order (answers to unknown items
 * first). `partial: true` (a draft kept while answering) skips the required check. The answer
 * page shows these under their items; the server refuses a submission that has any.
 */
export function checkAnswers(items: readonly QuestionnaireItem[], answers: AnswerSet, opts: { partial?: boolean } = {}): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const byKey = new Map(items.map((i) => [i.key, i]));
  for (const key of Object.keys(answers)) {
    const item = byKey.get(key);
    if (!item || !isAsked(item)) issues.push({ key, problem: 'unknownItem' });
  }
  for (const item of items) {
    if (!isAsked(item)) continue;
    const answer = answers[item.key];
    const empty = isEmpty(answer);
    if (!isItemShown(items, answers, item.key)) {
      if (!empty) issues.push({ key: item.key, problem: 'hidden' });
      continue;
    }
    if (empty && item.required && !opts.partial) issues.push({ key: item.key, problem: 'required' });
    if (!answer) continue;
    const problem = problemOf(item, answer);
    // A matrix with some rows left is `required` only when something was answered (else said above).
    if (problem && (problem !== 'required' || (!empty && !opts.partial))) issues.push({ key: item.key, problem });
  }
  return issues;
}

/**
 * Questionnaire templates (`wjgl`, `manage-questionnaires` / `add-questionnaire`): draft →
 * published ⇄ unpublished. Surveys are built from published templates (they copy the items); a
 * template a survey was built from is in use and is not deleted (IN_USE_QUESTIONNAIRE).
 */
export const QUESTIONNAIRE_LIFECYCLE = definePublishLifecycle('questionnaires', 'questionnaire', { deletable: ['draft', 'unpublished'] });
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_LIFECYCLE.states)[number];
export const QuestionnaireAbilitiesSchema = QUESTIONNAIRE_LIFECYCLE.abilitiesSchema.extend({ copy: z.boolean() });
export type QuestionnaireAbilities = z.infer<typeof QuestionnaireAbilitiesSchema>;
export const QUESTIONNAIRE_SORT_KEYS = ['id', 'name', 'createdAt'] as const;
/** Classifications keep to 5 levels (spec §9). */
export const QUESTIONNAIRE_CATEGORY_DEPTH = 5;
export const QUESTIONNAIRE_NAME_MAX = 200;
export const QUESTIONNAIRE_DESCRIPTION_MAX = 2000;

const questionnaireFields = {
  /** Unique among templates. */
  name: z.string().trim().min(1).max(QUESTIONNAIRE_NAME_MAX),
  categoryId: IdSchema.nullish(),
  description: z.string().trim().max(QUESTIONNAIRE_DESCRIPTION_MAX),
  /** May be empty while a draft; publishing needs at least one question. */
  items: QuestionnaireItemsSchema,
};
export const QuestionnaireInsertSchema = z.object({
  ...questionnaireFields,
  description: questionnaireFields.description.default(''),
  items: questionnaireFields.items.default([]),
});
export type QuestionnaireInsert = z.infer<typeof QuestionnaireInsertSchema>;
export type QuestionnaireInput = z.input<typeof QuestionnaireInsertSchema>;
/** Fields left out keep their value; only a draft or unpublished template changes. */
export const QuestionnaireUpdateSchema = z.object(questionnaireFields).partial().extend({ id: IdSchema });
export type QuestionnaireUpdate = z.infer<typeof QuestionnaireUpdateSchema>;
/** A copy is a draft named `name` (unique), with the source's classification and items. */
export const QuestionnaireCopySchema = z.object({ id: IdSchema, name: questionnaireFields.name });
export type QuestionnaireCopy = z.infer<typeof QuestionnaireCopySchema>;

export const QuestionnaireListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: QUESTIONNAIRE_LIFECYCLE.stateSchema.optional(),
  /** The classification and its sub-classifications. */
  categoryId: IdSchema.optional(),
});
export type QuestionnaireListQuery = z.infer<typeof QuestionnaireListQuerySchema>;

export const QuestionnaireRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: QUESTIONNAIRE_LIFECYCLE.stateSchema,
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  description: z.string(),
  /** Questions (sections not counted). */
  questionCount: z.number(),
  ...ownerNameFields,
  publishedAt: z.string().nullable(),
  abilities: QuestionnaireAbilitiesSchema,
});
export type QuestionnaireRow = z.infer<typeof QuestionnaireRowSchema>;
export const QuestionnaireDetailSchema = QuestionnaireRowSchema.extend({ items: z.array(QuestionnaireItemSchema) });
export type QuestionnaireDetail = z.infer<typeof QuestionnaireDetailSchema>;

// ---- Excel: one template per file, one row per item (`questionnaires.excel.ts` on the server) ----

/** Options, matrix rows and the options of a condition are separated by `|` in a cell. */
export const QUESTIONNAIRE_EXCEL_SEPARATOR = '|';
/** Columns (error `field` values) of the template file. */
export const QUESTIONNAIRE_IMPORT_FIELDS = [
  'kind',
  'key',
  'title',
  'description',
  'required',
  'options',
  'rows',
  'allowOther',
  'min',
  'max',
  'scale',
  'integer',
  'condition',
] as const;
export type QuestionnaireImportField = (typeof QUESTIONNAIRE_IMPORT_FIELDS)[number];
/** Row reasons of a template import, in the caller's language in the error file. */
export const QUESTIONNAIRE_IMPORT_REASONS = {
  REQUIRED: langTexts('不能为空', 'Required', 'Obrigatório'),
  TOO_LONG: langTexts('超出长度限制', 'Too long', 'Longo demais'),
  INVALID_FORMAT: langTexts('格式错误', 'Invalid format', 'Formato inválido'),
  KIND_UNKNOWN: langTexts('题型不存在', 'No such item kind', 'Tipo de item inexistente'),
  RULE_BROKEN: langTexts('不符合该题型的规则', 'Breaks the rules of this item kind', 'Não segue as regras deste tipo de item'),
  KEY_DUPLICATE: langTexts('编号与其他行重复', 'The key is used by another row', 'A chave é usada por outra linha'),
  CONDITION_INVALID: langTexts(
    '显示条件须指向前面的单选或多选题及其已有选项',
    'A condition names an earlier single or multiple choice item and options it has',
    'Uma condição indica um item de escolha anterior e opções que ele tem',
  ),
} as const;
export type QuestionnaireImportReason = keyof typeof QUESTIONNAIRE_IMPORT_REASONS;
/**
 * The import's two steps (`check`, then `commit`): the file becomes a new draft template named
 * `name` (unique; the file's name without `.xlsx` when absent), in the classification `categoryId`.
 */
export const QuestionnaireImportQuerySchema = UserImportQuerySchema.extend({
  name: questionnaireFields.name.optional(),
  categoryId: IdSchema.optional(),
});
export type QuestionnaireImportQuery = z.infer<typeof QuestionnaireImportQuerySchema>;
/** The import's result, with the new template's id once committed. */
export const QuestionnaireImportResultSchema = UserImportResultSchema.extend({ id: z.number().nullable() });
export type QuestionnaireImportResult = z.infer<typeof QuestionnaireImportResultSchema>;
