import { z } from 'zod';
import { LANGS } from './errors.js';
import { isOneOf } from './typed.js';

/** Every answer: `{ code, msg, data }` (spec section 7). */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  /** `field` ascending, `-field` descending. */
  sort: z
    .string()
    .regex(/^-?[a-zA-Z][a-zA-Z0-9]{0,40}$/)
    .optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * What an export needs from the page: the interface language (file name and headers) and the
 * browser's time zone (times are written as the reader's local time).
 */
export const ExportLocaleSchema = z.object({
  lang: z.enum(LANGS).default('zh-CN'),
  timeZone: z.string().max(64).refine(isTimeZone).default('Asia/Shanghai'),
});
export type ExportLocale = z.infer<typeof ExportLocaleSchema>;
/** The Excel export of a paged list: the list's filters and order (no page), in the reader's language and time zone. */
export function listExportSchema<const F extends z.ZodRawShape>(filters: F) {
  return z.strictObject({ ...filters, sort: PageQuerySchema.shape.sort, ...ExportLocaleSchema.shape });
}

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export interface Page<T> {
  records: T[];
  total: number;
  page: number;
  size: number;
}

/** A person as a report or list row names them: who, their real and login names, their organization. */
export const personFields = { userId: z.number(), realname: z.string(), username: z.string(), orgName: z.string().nullable() };

/** Who a managed record belongs to (its organization: the data scope) and who created it, when, as a list names them. */
export const ownerNameFields = {
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
};
/** `ownerNameFields` with the creator's id. */
export const ownerFields = { ...ownerNameFields, createdBy: z.number().nullable() };

export const IdSchema = z.coerce.number().int().positive().max(2147483647);
export const IdsSchema = z.object({ ids: z.array(IdSchema).min(1).max(1000) });
export type Ids = z.infer<typeof IdsSchema>;
export const IdBodySchema = z.object({ id: IdSchema });

/** Sort keys a list accepts, with the helper that turns `-name` into a pair. */
export function parseSort<K extends string>(sort: string | undefined, allowed: readonly K[], fallback: K) {
  const desc = !!sort && sort.startsWith('-');
  const key = sort ? sort.replace(/^-/, '') : fallback;
  return { key: isOneOf(allowed, key) ? key : fallback, desc: sort ? desc : true };
}
