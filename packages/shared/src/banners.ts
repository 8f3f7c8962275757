import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { defineLifecycle } from './lifecycle.js';

/** Banners of the portal home carousel (spec: manage-banner, add-banner, code tggl). */
export const BANNER_STATUSES = ['unreleased', 'released'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];
export const BANNER_SORT_KEYS = ['id', 'sort', 'title', 'startAt', 'createdAt'] as const;
export const BANNER_TITLE_MAX = 30;
export const BANNER_SORT_MAX = 99_999_999;

/** Released banners show on the portal while their display period lasts; a released banner is unreleased before it changes or goes. */
export const BANNER_LIFECYCLE = defineLifecycle({
  name: 'banners',
  states: BANNER_STATUSES,
  initial: 'unreleased',
  transitions: {
    release: { from: ['unreleased'], to: 'released' },
    unrelease: { from: ['released'], to: 'unreleased' },
  },
  editable: ['unreleased'],
  deletable: ['unreleased'],
  colors: { unreleased: 'default', released: 'green' },
  labels: {
    states: { unreleased: 'banner.status_unreleased', released: 'banner.status_released' },
    commands: { release: 'banner.release', unrelease: 'banner.unrelease' },
  },
});
export type BannerCommand = keyof typeof BANNER_LIFECYCLE.transitions;
export const BannerAbilitiesSchema = BANNER_LIFECYCLE.abilitiesSchema;
export type BannerAbilities = z.infer<typeof BannerAbilitiesSchema>;

/**
 * Where a banner leads: a route of this site (`/portal/notice/3`, not `//host`) or an https URL.
 * Anything else (http, javascript:, relative words) is refused.
 */
export const BannerLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    if (/^\/(?!\/)[^\s\\]*$/.test(v)) return true;
    if (!/^https:\/\//i.test(v)) return false;
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'validation.bannerLink');

const bannerFields = {
  title: z.string().trim().min(1).max(BANNER_TITLE_MAX),
  /** An uploaded JPG/PNG under 5 MB (upload kind and purpose `cover`): `/api/upload/file/<uuid>`. */
  image: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/api\/upload\//),
  link: BannerLinkSchema.nullable(),
  sort: z.number().int().min(0).max(BANNER_SORT_MAX),
  /** Display period: shown from `startAt` (null: at once) until `endAt` (null: no end). */
  startAt: z.iso.datetime({ offset: true }).nullable(),
  endAt: z.iso.datetime({ offset: true }).nullable(),
};

const periodInOrder = (v: { startAt?: string | null; endAt?: string | null }) => !v.startAt || !v.endAt || Date.parse(v.endAt) > Date.parse(v.startAt);
const periodIssue = { message: 'validation.endAfterStart', path: ['endAt'] };

export const BannerCreateSchema = z
  .object({
    ...bannerFields,
    link: bannerFields.link.optional(),
    sort: bannerFields.sort.default(0),
    startAt: bannerFields.startAt.optional(),
    endAt: bannerFields.endAt.optional(),
  })
  .refine(periodInOrder, periodIssue);
export type BannerCreate = z.infer<typeof BannerCreateSchema>;
/** Fields left out keep their value; the period is checked again against the stored half. */
export const BannerUpdateSchema = z.object(bannerFields).partial().extend({ id: IdSchema }).refine(periodInOrder, periodIssue);
export type BannerUpdate = z.infer<typeof BannerUpdateSchema>;

export const BannerListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(BANNER_STATUSES).optional(),
});
export type BannerListQuery = z.infer<typeof BannerListQuerySchema>;

export const BannerRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  image: z.string(),
  /** A freshly signed link an <img> can load. */
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  status: z.enum(BANNER_STATUSES),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: BannerAbilitiesSchema,
});
export type BannerRow = z.infer<typeof BannerRowSchema>;

/** A banner as the portal shows it. */
export const BannerPublicSchema = z.object({ id: z.number(), title: z.string(), imageUrl: z.string().nullable(), link: z.string().nullable() });
export type BannerPublic = z.infer<typeof BannerPublicSchema>;
