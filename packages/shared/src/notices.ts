import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { CONSTANTS } from './constants.js';
import { defineLifecycle } from './lifecycle.js';

export const NOTICE_TYPES = ['announcement', 'training'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const NOTICE_STATUSES = ['draft', 'released', 'unreleased'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_SORT_KEYS = ['id', 'title', 'displayTime', 'createdAt', 'releasedAt'] as const;
export const NOTICE_TITLE_MAX = 100;
/** Clock skew tolerated when checking that the display time is not before now. */
export const NOTICE_TIME_SKEW_MS = 60_000;

/** The notice lifecycle as data: one command per transition, checked again inside the transaction. */
export const NOTICE_LIFECYCLE = defineLifecycle({
  name: 'notices',
  states: NOTICE_STATUSES,
  initial: 'draft',
  transitions: {
    release: { from: ['draft', 'unreleased'], to: 'released' },
    unrelease: { from: ['released'], to: 'unreleased' },
  },
  // A released notice must be unreleased before it changes or goes.
  editable: ['draft', 'unreleased'],
  deletable: ['draft', 'unreleased'],
  colors: { draft: 'default', released: 'green', unreleased: 'orange' },
  labels: {
    states: { draft: 'notice.status_draft', released: 'notice.status_released', unreleased: 'notice.status_unreleased' },
    commands: { release: 'notice.release', unrelease: 'notice.unrelease' },
  },
});
export const NOTICE_TRANSITIONS = NOTICE_LIFECYCLE.transitions;
export type NoticeCommand = keyof typeof NOTICE_TRANSITIONS;

/** States in which the notice may be edited or deleted (a released notice must be unreleased first). */
export const NOTICE_EDITABLE_STATES: readonly NoticeStatus[] = NOTICE_LIFECYCLE.editable!;
export const NOTICE_DELETABLE_STATES: readonly NoticeStatus[] = NOTICE_LIFECYCLE.deletable!;

export const canTransitionNotice = (status: NoticeStatus, command: NoticeCommand): boolean => NOTICE_LIFECYCLE.can(status, command);

export const NoticeAbilitiesSchema = NOTICE_LIFECYCLE.abilitiesSchema;
export type NoticeAbilities = z.infer<typeof NoticeAbilitiesSchema>;

/** What the state allows; the server also removes what the caller's codes do not allow. */
export const noticeAbilities = (status: NoticeStatus): NoticeAbilities => NOTICE_LIFECYCLE.abilities(status);

const noticeFields = {
  title: z.string().trim().min(1).max(NOTICE_TITLE_MAX),
  type: z.enum(NOTICE_TYPES),
  /** URL of an uploaded JPG/PNG (`/api/upload/file/<id>`), or none. */
  cover: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/api\/upload\/|https?:\/\/)/)
    .nullable(),
  content: z.string().min(1).max(CONSTANTS.NOTICE_BODY_MAX),
  /** ISO date-time with offset; not before now. */
  displayTime: z.iso.datetime({ offset: true }),
};

export const NoticeCreateSchema = z.object({ ...noticeFields, cover: noticeFields.cover.optional() });
export type NoticeCreate = z.infer<typeof NoticeCreateSchema>;
/** Fields left out keep their value; the display time is checked again only when it changes. */
export const NoticeUpdateSchema = z.object(noticeFields).partial().extend({ id: IdSchema });
export type NoticeUpdate = z.infer<typeof NoticeUpdateSchema>;

export const NoticeListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(NOTICE_TYPES).optional(),
  status: z.enum(NOTICE_STATUSES).optional(),
});
export type NoticeListQuery = z.infer<typeof NoticeListQuerySchema>;

export const NoticeCheckTitleSchema = z.object({ title: z.string().trim().min(1).max(NOTICE_TITLE_MAX), id: IdSchema.optional() });
export type NoticeCheckTitle = z.infer<typeof NoticeCheckTitleSchema>;

export const NoticeMyQuerySchema = PageQuerySchema.pick({ page: true, size: true });
export type NoticeMyQuery = z.infer<typeof NoticeMyQuerySchema>;

export const NoticeRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(NOTICE_TYPES),
  /** Stored cover reference. */
  cover: z.string().nullable(),
  /** A freshly signed URL an <img> can load without headers, when the cover is an uploaded file. */
  coverUrl: z.string().nullable(),
  content: z.string(),
  displayTime: z.string(),
  status: z.enum(NOTICE_STATUSES),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  createdBy: z.number().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  releasedAt: z.string().nullable(),
  abilities: NoticeAbilitiesSchema,
});
export type NoticeRow = z.infer<typeof NoticeRowSchema>;

/** A notice as students see it. */
export const NoticePublicSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(NOTICE_TYPES),
  coverUrl: z.string().nullable(),
  content: z.string(),
  displayTime: z.string(),
});
export type NoticePublic = z.infer<typeof NoticePublicSchema>;
