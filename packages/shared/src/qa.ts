import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema, ownerFields } from './api.js';
import { defineLifecycle } from './lifecycle.js';

/** Q&A entries (spec: manage-QA, add-QA; the student center's Q&A). */
export const QA_STATUSES = ['draft', 'released', 'unreleased'] as const;
export type QaStatus = (typeof QA_STATUSES)[number];
export const QA_SORT_KEYS = ['id', 'title', 'createdAt', 'releasedAt', 'answerCount'] as const;
export const QA_TITLE_MAX = CONSTANTS.NAME_LONG_MAX;
/** The body's text at most (spec §5's long-text limit); its markup may be longer. */
export const QA_BODY_MAX = 10_000;
export const QA_HTML_MAX = 100_000;
/** An answer or a follow-up question: plain text. */
export const QA_ANSWER_MAX = 2000;
/** The sensitive-word list: at most this many words, each at most QA_WORD_MAX characters. */
export const QA_WORDS_MAX = 1000;
export const QA_WORD_MAX = 50;

/**
 * The Q&A lifecycle as data (spec §4 "Survey, notice, Q&A": release and unrelease). Beyond the
 * table: a pinned entry must be unpinned before unreleasing (QA_PINNED_CANNOT_UNPUBLISH) and an
 * entry with answers cannot be unreleased (QUESTION_ANSWERED_CANNOT_UNPUBLISH): the count only grows.
 */
export const QA_LIFECYCLE = defineLifecycle({
  name: 'qa_entries',
  states: QA_STATUSES,
  initial: 'draft',
  transitions: {
    release: { from: ['draft', 'unreleased'], to: 'released' },
    unrelease: { from: ['released'], to: 'unreleased' },
  },
  editable: ['draft', 'unreleased'],
  deletable: ['draft', 'unreleased'],
  colors: { draft: 'default', released: 'green', unreleased: 'orange' },
  labels: {
    states: { draft: 'qa.status_draft', released: 'qa.status_released', unreleased: 'qa.status_unreleased' },
    commands: { release: 'qa.release', unrelease: 'qa.unrelease' },
  },
});
export type QaCommand = keyof typeof QA_LIFECYCLE.transitions;

export const QaAbilitiesSchema = QA_LIFECYCLE.abilitiesSchema.extend({ pin: z.boolean(), unpin: z.boolean() });
export type QaAbilities = z.infer<typeof QaAbilitiesSchema>;

/** What the state, the pin and the answers allow; the server also removes what the caller's codes do not allow. */
export const qaAbilities = (state: QaStatus, pinned: boolean, answerCount: number): QaAbilities => {
  const base = QA_LIFECYCLE.abilities(state);
  return { ...base, unrelease: base.unrelease && !pinned && answerCount === 0, pin: state === 'released' && !pinned, unpin: pinned };
};

const qaFields = {
  title: z.string().trim().min(1).max(QA_TITLE_MAX),
  /** Rich text (HTML), sanitized on the server; its text at most QA_BODY_MAX characters. */
  content: z.string().min(1).max(QA_HTML_MAX),
  /** A value of the dictionary type `qa-category` (DICT_TYPES.qaCategory), or none. */
  category: z.string().trim().max(CONSTANTS.NAME_SHORT_MAX).nullable(),
};

export const QaCreateSchema = z.object({ ...qaFields, category: qaFields.category.optional() });
export type QaCreate = z.infer<typeof QaCreateSchema>;
/** Fields left out keep their value; only a draft or unreleased entry changes. */
export const QaUpdateSchema = z.object(qaFields).partial().extend({ id: IdSchema });
export type QaUpdate = z.infer<typeof QaUpdateSchema>;

export const QaListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(QA_STATUSES).optional(),
  category: z.string().trim().max(CONSTANTS.NAME_SHORT_MAX).optional(),
});
export type QaListQuery = z.infer<typeof QaListQuerySchema>;

export const QaRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  category: z.string().nullable(),
  /** The category's dictionary label (null: none, or no longer in the dictionary). */
  categoryLabel: z.string().nullable(),
  state: QA_LIFECYCLE.stateSchema,
  pinned: z.boolean(),
  answerCount: z.number(),
  ...ownerFields,
  updatedAt: z.string(),
  releasedAt: z.string().nullable(),
  abilities: QaAbilitiesSchema,
});
export type QaRow = z.infer<typeof QaRowSchema>;

/** The portal: released entries, pinned first, searched by title. */
export const QaPortalQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  keyword: z.string().trim().max(100).optional(),
  category: z.string().trim().max(CONSTANTS.NAME_SHORT_MAX).optional(),
});
export type QaPortalQuery = z.infer<typeof QaPortalQuerySchema>;

export const QaPublicSchema = QaRowSchema.pick({
  id: true,
  title: true,
  content: true,
  category: true,
  categoryLabel: true,
  pinned: true,
  answerCount: true,
  releasedAt: true,
});
export type QaPublic = z.infer<typeof QaPublicSchema>;

/** A reply under an entry: an answer, or a follow-up question. */
export const QA_ANSWER_KINDS = ['answer', 'followUp'] as const;
export type QaAnswerKind = (typeof QA_ANSWER_KINDS)[number];

export const QaAnswerCreateSchema = z.object({
  entryId: IdSchema,
  kind: z.enum(QA_ANSWER_KINDS).default('answer'),
  content: z.string().trim().min(1).max(QA_ANSWER_MAX),
});
export type QaAnswerCreate = z.infer<typeof QaAnswerCreateSchema>;

export const QaAnswersQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({ entryId: IdSchema });
export type QaAnswersQuery = z.infer<typeof QaAnswersQuerySchema>;

export const QaAnswerRowSchema = z.object({
  id: z.number(),
  entryId: z.number(),
  kind: z.enum(QA_ANSWER_KINDS),
  content: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  /** Only its author deletes an answer. */
  abilities: z.object({ delete: z.boolean() }),
});
export type QaAnswerRow = z.infer<typeof QaAnswerRowSchema>;

/**
 * Reply moderation (`manage-QA-replies`, code wdgl): the replies of the entries in the caller's data
 * scope; `hidden` narrows to hidden or shown ones, `sensitive` to those holding a word of the current
 * sensitive-word setting (the list may have grown since the reply was accepted).
 */
export const QaReplyQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  keyword: z.string().trim().max(100).optional(),
  entryId: IdSchema.optional(),
  hidden: z.boolean().optional(),
  sensitive: z.boolean().optional(),
});
export type QaReplyQuery = z.infer<typeof QaReplyQuerySchema>;

export const QaReplyRowSchema = QaAnswerRowSchema.omit({ abilities: true }).extend({
  entryTitle: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenByName: z.string().nullable(),
  /** The first word of the current setting the reply holds (null: none). */
  sensitiveWord: z.string().nullable(),
  /** Hide a shown reply; restore a hidden one that holds no sensitive word (wdgl:modify). */
  abilities: z.object({ hide: z.boolean(), restore: z.boolean() }),
});
export type QaReplyRow = z.infer<typeof QaReplyRowSchema>;

/** The sensitive words (managers edit them): an answer or entry containing one, in any letter case, is refused (SENSITIVE_WORDS). */
export const QaSensitiveWordsSchema = z.object({
  words: z.array(z.string().trim().min(1).max(QA_WORD_MAX)).max(QA_WORDS_MAX),
});
export type QaSensitiveWords = z.infer<typeof QaSensitiveWordsSchema>;

/** The first of `words` found in `text`, letter case ignored (null: none). */
export function findSensitiveWord(text: string, words: readonly string[]): string | null {
  const hay = text.toLocaleLowerCase();
  return words.find((w) => w.trim() && hay.includes(w.trim().toLocaleLowerCase())) ?? null;
}
