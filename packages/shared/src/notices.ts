import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema, ownerFields } from './api.js';
import { defineLifecycle } from './lifecycle.js';
import { AudienceSchema, AudienceTargetRowSchema } from './audiences.js';

export const NOTICE_TYPES = ['announcement', 'training'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const NOTICE_STATUSES = ['draft', 'released', 'unreleased', 'frozen'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_SORT_KEYS = ['id', 'title', 'sort', 'displayTime', 'createdAt', 'releasedAt'] as const;
/** Sort number: smaller first (after the pinned notices), up to 8 digits (spec §5). */
export const NOTICE_SORT_MAX = 99_999_999;
/** Rich-text markup may be longer than the text it shows; the text itself stays within NOTICE_BODY_MAX. */
export const NOTICE_HTML_MAX = 50_000;
/** The audience owner type of notices (`modules/audiences`). */
export const NOTICE_AUDIENCE = 'notice';
export const NOTICE_TITLE_MAX = CONSTANTS.NAME_LONG_MAX;
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
    // A frozen notice is hidden from the portal and locked until unfrozen (released again as it was).
    freeze: { from: ['released'], to: 'frozen' },
    unfreeze: { from: ['frozen'], to: 'released' },
  },
  // A released notice must be unreleased before it changes or goes.
  editable: ['draft', 'unreleased'],
  deletable: ['draft', 'unreleased'],
  colors: { draft: 'default', released: 'green', unreleased: 'orange', frozen: 'red' },
  labels: {
    states: { draft: 'notice.status_draft', released: 'notice.status_released', unreleased: 'notice.status_unreleased', frozen: 'notice.status_frozen' },
    commands: { release: 'notice.release', unrelease: 'notice.unrelease', freeze: 'notice.freeze', unfreeze: 'notice.unfreeze' },
  },
});
export const NOTICE_TRANSITIONS = NOTICE_LIFECYCLE.transitions;
export type NoticeCommand = keyof typeof NOTICE_TRANSITIONS;

/** States in which the notice may be edited or deleted (a released notice must be unreleased first). */
export const NOTICE_EDITABLE_STATES: readonly NoticeStatus[] = NOTICE_LIFECYCLE.editable ?? NOTICE_LIFECYCLE.states;
export const NOTICE_DELETABLE_STATES: readonly NoticeStatus[] = NOTICE_LIFECYCLE.deletable ?? NOTICE_LIFECYCLE.states;

export const canTransitionNotice = (status: NoticeStatus, command: NoticeCommand): boolean => NOTICE_LIFECYCLE.can(status, command);

/** The lifecycle's abilities plus pinning (any state) and setting the sort number. */
export const NoticeAbilitiesSchema = NOTICE_LIFECYCLE.abilitiesSchema.extend({ pin: z.boolean(), unpin: z.boolean(), sort: z.boolean() });
export type NoticeAbilities = z.infer<typeof NoticeAbilitiesSchema>;

/** What the state allows; the server also removes what the caller's codes do not allow. */
export const noticeAbilities = (status: NoticeStatus, pinned: boolean): NoticeAbilities => ({
  ...NOTICE_LIFECYCLE.abilities(status),
  pin: !pinned,
  unpin: pinned,
  sort: true,
});

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
  /**
   * Rich text (HTML), sanitized on the server: formatting, links (http, https, mailto, site paths)
   * and images; its text is at most NOTICE_BODY_MAX characters (spec §5).
   */
  content: z.string().min(1).max(NOTICE_HTML_MAX),
  /** ISO date-time with offset; not before now. */
  displayTime: z.iso.datetime({ offset: true }),
  sort: z.number().int().min(0).max(NOTICE_SORT_MAX),
  /**
   * Who sees the notice in the portal once released: people, organizations (with subtrees),
   * positions, learning groups. Empty: nobody (the notice stays visible to its managers only).
   */
  audience: AudienceSchema,
};

export const NoticeCreateSchema = z.object({
  ...noticeFields,
  /** Left out: from the moment the server saves it, on the server's clock (never the device's). */
  displayTime: noticeFields.displayTime.optional(),
  cover: noticeFields.cover.optional(),
  sort: noticeFields.sort.default(0),
  audience: noticeFields.audience.default([]),
});
export type NoticeCreate = z.infer<typeof NoticeCreateSchema>;
/** Fields left out keep their value; the display time is checked again only when it changes. */
export const NoticeUpdateSchema = z.object(noticeFields).partial().extend({ id: IdSchema });
export type NoticeUpdate = z.infer<typeof NoticeUpdateSchema>;

export const NoticeSortSchema = z.object({ id: IdSchema, sort: noticeFields.sort });
export type NoticeSort = z.infer<typeof NoticeSortSchema>;

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
  ...ownerFields,
  updatedAt: z.string(),
  releasedAt: z.string().nullable(),
  sort: z.number(),
  pinned: z.boolean(),
  abilities: NoticeAbilitiesSchema,
});
export type NoticeRow = z.infer<typeof NoticeRowSchema>;

/** One notice for its editor: the row with its audience (names for display). */
export const NoticeDetailSchema = NoticeRowSchema.extend({ audience: z.array(AudienceTargetRowSchema) });
export type NoticeDetail = z.infer<typeof NoticeDetailSchema>;

/** A notice as students see it; `content` is sanitized HTML, images with freshly signed links. */
export const NoticePublicSchema = NoticeRowSchema.pick({ id: true, title: true, type: true, coverUrl: true, content: true, displayTime: true, pinned: true });
export type NoticePublic = z.infer<typeof NoticePublicSchema>;
