import { z } from 'zod';
import { IdSchema, PageQuerySchema, personFields } from './api.js';

/** Certificate templates (manage-certificate, add-certificate) and issued certificates. */
export const CERTIFICATE_NAME_MAX = 30;
export const CERTIFICATE_AUTHORITY_MAX = 100;
export const CERTIFICATE_VALIDITY_MONTHS_MAX = 999;
export const CERTIFICATE_EXTRA_TEXT_MAX = 100;
export const CERTIFICATE_SORT_KEYS = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const CERTIFICATE_ISSUED_SORT_KEYS = ['id', 'issuedAt', 'expiresAt'] as const;
/** What a certificate was issued for: a passed course or exam, or a completed training class. */
export const CERTIFICATE_SOURCE_KINDS = ['course', 'exam', 'training'] as const;
export type CertificateSourceKind = (typeof CERTIFICATE_SOURCE_KINDS)[number];
/** The printed fields whose position a template sets. */
export const CERTIFICATE_FIELDS = ['name', 'source', 'date', 'number'] as const;
export type CertificateField = (typeof CERTIFICATE_FIELDS)[number];
/** Page used when a template has no background image: A4 landscape, in PDF points. */
export const CERTIFICATE_DEFAULT_PAGE = { width: 842, height: 595 } as const;
/** Numbers issued before unguessable numbers: `HL-<year>-<serial of at least 6 digits>`; they stay valid. */
export const CERTIFICATE_LEGACY_NUMBER_PATTERN = /^HL-\d{4}-\d{6,10}$/;
/**
 * The characters of a number's unguessable part: digits and capitals without those read alike
 * (0/O, 1/I): 32 symbols, 5 bits each.
 */
export const CERTIFICATE_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A certificate number: `HL-<year>-XXXX-XXXX-XXXC`, 11 random characters of the alphabet (55 bits) and a check character C. */
export const CERTIFICATE_NUMBER_PATTERN = /^HL-\d{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;
/** Random characters of a number (before its check character). */
export const CERTIFICATE_NUMBER_RANDOM_LENGTH = 11;

/**
 * The check character of a number's random part (Luhn mod 32): any one mistyped character, and
 * any swap of two neighbours but 2↔Z, changes it, so such a typo is refused before any lookup.
 */
export function certificateCheckChar(random: string): string {
  const n = CERTIFICATE_NUMBER_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = random.length - 1; i >= 0; i--) {
    const code = CERTIFICATE_NUMBER_ALPHABET.indexOf(random[i]);
    if (code < 0) throw new RangeError(`not a number character: ${random[i]}`);
    const addend = factor * code;
    sum += Math.floor(addend / n) + (addend % n);
    factor = factor === 2 ? 1 : 2;
  }
  return CERTIFICATE_NUMBER_ALPHABET[(n - (sum % n)) % n];
}

/** A number from its year and random part: `HL-2026-7KQ4-MX9T-R2H` plus the check character. */
export function formatCertificateNumber(year: number, random: string): string {
  const body = random + certificateCheckChar(random);
  return `HL-${year}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}`;
}

/** A number as typed: spaces dropped, capitals. */
export const normalizeCertificateNumber = (input: string) => input.replace(/\s+/g, '').toUpperCase();

/**
 * What a (normalized) number is: `valid` (well formed, the check character agrees, or an older
 * serial number), `typo` (well formed but the check character disagrees: a character was
 * mistyped) or `invalid` (not a number at all).
 */
export function certificateNumberCheck(number: string): 'valid' | 'typo' | 'invalid' {
  if (CERTIFICATE_LEGACY_NUMBER_PATTERN.test(number)) return 'valid';
  // Any character in the random groups: a mistyped 0, O, 1 or I is a typo, not a foreign format.
  if (!/^HL-\d{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(number)) return 'invalid';
  if (!CERTIFICATE_NUMBER_PATTERN.test(number)) return 'typo';
  const chars = number.slice(8).replaceAll('-', '');
  return certificateCheckChar(chars.slice(0, -1)) === chars.slice(-1) ? 'valid' : 'typo';
}

/** Languages a certificate is printed in (its title and the words of the default design). */
export const CERTIFICATE_LANGUAGES = ['zh-CN', 'en-US', 'pt'] as const;
export type CertificateLanguage = (typeof CERTIFICATE_LANGUAGES)[number];

/** The words printed on a certificate besides its fields, per language. */
export const CERTIFICATE_WORDING: Record<CertificateLanguage, { title: string; certifies: string; achieved: string; date: string; number: string; authority: string }> = {
  'zh-CN': { title: '证书', certifies: '兹证明', achieved: '已完成', date: '发证日期：', number: '证书编号：', authority: '发证机构：' },
  'en-US': {
    title: 'Certificate',
    certifies: 'This is to certify that',
    achieved: 'has successfully completed',
    date: 'Date of issue: ',
    number: 'Certificate No.: ',
    authority: 'Issued by: ',
  },
  pt: {
    title: 'Certificado',
    certifies: 'Certificamos que',
    achieved: 'concluiu com êxito',
    date: 'Data de emissão: ',
    number: 'N.º do certificado: ',
    authority: 'Emitido por: ',
  },
};

/** One printed text: top-left of its box (or its centre with align 'center') in PDF points from the page's top-left. */
export const CertificateFieldPositionSchema = z.object({
  x: z.number().min(0).max(5000),
  y: z.number().min(0).max(5000),
  fontSize: z.number().min(6).max(200),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  align: z.enum(['left', 'center']).default('left'),
});
export type CertificateFieldPosition = z.infer<typeof CertificateFieldPositionSchema>;

export const CertificateLayoutSchema = z.object({
  name: CertificateFieldPositionSchema,
  source: CertificateFieldPositionSchema,
  date: CertificateFieldPositionSchema,
  number: CertificateFieldPositionSchema,
  /** The title ("证书", "Certificate", "Certificado" in the template's language); left out: not printed. */
  title: CertificateFieldPositionSchema.nullable().optional(),
  /** The issuing authority; left out: not printed. */
  authority: CertificateFieldPositionSchema.nullable().optional(),
  /** Fixed text printed on every certificate of the template (optional). */
  extra: CertificateFieldPositionSchema.extend({ text: z.string().trim().min(1).max(CERTIFICATE_EXTRA_TEXT_MAX) })
    .nullable()
    .optional(),
});
export type CertificateLayout = z.infer<typeof CertificateLayoutSchema>;

/** A sensible starting layout on the default page. */
export const CERTIFICATE_DEFAULT_LAYOUT: CertificateLayout = {
  title: { x: 421, y: 92, fontSize: 44, color: '#8c6d1f', align: 'center' },
  name: { x: 421, y: 222, fontSize: 34, color: '#1f1f1f', align: 'center' },
  source: { x: 421, y: 312, fontSize: 22, color: '#1f1f1f', align: 'center' },
  date: { x: 72, y: 448, fontSize: 12, color: '#434343', align: 'left' },
  number: { x: 72, y: 470, fontSize: 12, color: '#434343', align: 'left' },
  authority: { x: 600, y: 452, fontSize: 16, color: '#1f1f1f', align: 'center' },
  extra: null,
};

const imageRef = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/api\/upload\//)
  .nullable();

const templateFields = {
  name: z.string().trim().min(1).max(CERTIFICATE_NAME_MAX),
  /** Uploaded JPG/PNG (`/api/upload/file/<uuid>`, purpose `certificate`). */
  thumbnail: imageRef.optional(),
  /** Left out when created: the platform name of the parameters page (Chinese for a Chinese certificate, else English). */
  authority: z.string().trim().min(1).max(CERTIFICATE_AUTHORITY_MAX),
  /** Language the certificate is printed in. */
  language: z.enum(CERTIFICATE_LANGUAGES),
  /** Months a certificate stays valid after issue; null = permanent. */
  validityMonths: z.number().int().min(1).max(CERTIFICATE_VALIDITY_MONTHS_MAX).nullable(),
  /** Uploaded JPG/PNG drawn over the whole page; its proportions decide the page size. */
  background: imageRef.optional(),
  layout: CertificateLayoutSchema,
};

export const CertificateTemplateCreateSchema = z.object({
  ...templateFields,
  authority: templateFields.authority.optional(),
  language: templateFields.language.default('zh-CN'),
});
export type CertificateTemplateCreate = z.infer<typeof CertificateTemplateCreateSchema>;
export const CertificateTemplateUpdateSchema = z.object(templateFields).partial().extend({ id: IdSchema });
export type CertificateTemplateUpdate = z.infer<typeof CertificateTemplateUpdateSchema>;

export const CertificateTemplateListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  validity: z.enum(['permanent', 'limited']).optional(),
});
export type CertificateTemplateListQuery = z.infer<typeof CertificateTemplateListQuerySchema>;

export const CertificateCheckNameSchema = z.object({ name: z.string().trim().min(1).max(CERTIFICATE_NAME_MAX), id: IdSchema.optional() });
export type CertificateCheckName = z.infer<typeof CertificateCheckNameSchema>;

export const CertificateIssuedListQuerySchema = PageQuerySchema.extend({
  templateId: IdSchema.optional(),
  userId: IdSchema.optional(),
  /** Number, holder's real name or user name. */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['valid', 'expired', 'revoked']).optional(),
});
export type CertificateIssuedListQuery = z.infer<typeof CertificateIssuedListQuerySchema>;

export const CertificateMyQuerySchema = PageQuerySchema.pick({ page: true, size: true });
export type CertificateMyQuery = z.infer<typeof CertificateMyQuerySchema>;

/** A number as typed (any case, spaces ignored); a mistyped one (wrong check character) is refused before any lookup. */
export const CertificateVerifySchema = z.object({
  number: z
    .string()
    .max(64)
    .overwrite(normalizeCertificateNumber)
    .refine((n) => certificateNumberCheck(n) === 'valid'),
});
export type CertificateVerify = z.infer<typeof CertificateVerifySchema>;

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Valid until the expiry (exclusive); a revoked certificate is never valid. */
export function certificateStatus(c: { expiresAt: string | Date | null; revokedAt?: string | Date | null }, now = Date.now()): CertificateStatus {
  if (c.revokedAt) return 'revoked';
  if (c.expiresAt && new Date(c.expiresAt).getTime() <= now) return 'expired';
  return 'valid';
}

/** "张三丰" → "张*丰", "Ana Souza" → "A*******a": the first and last character stay. */
export function maskHolderName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export const CertificateTemplateAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type CertificateTemplateAbilities = z.infer<typeof CertificateTemplateAbilitiesSchema>;

const sourceKind = z.enum(CERTIFICATE_SOURCE_KINDS);
const status = z.enum(CERTIFICATE_STATUSES);

export const CertificateTemplateRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  authority: z.string(),
  language: z.enum(CERTIFICATE_LANGUAGES),
  validityMonths: z.number().nullable(),
  background: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  pageWidth: z.number(),
  pageHeight: z.number(),
  layout: CertificateLayoutSchema,
  /** Certificates issued from this template. */
  issuedCount: z.number(),
  /** The owning organization (the template's data scope). */
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  createdBy: z.number().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: CertificateTemplateAbilitiesSchema,
});
export type CertificateTemplateRow = z.infer<typeof CertificateTemplateRowSchema>;

/** What the caller may do with an issued certificate: revoke it (zsgl:delete, not revoked yet). */
export const CertificateIssuedAbilitiesSchema = z.object({ revoke: z.boolean() });
export type CertificateIssuedAbilities = z.infer<typeof CertificateIssuedAbilitiesSchema>;

export const CertificateIssuedRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  templateId: z.number(),
  templateName: z.string(),
  ...personFields,
  sourceKind,
  sourceId: z.number(),
  sourceTitle: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status,
  abilities: CertificateIssuedAbilitiesSchema,
});
export type CertificateIssuedRow = z.infer<typeof CertificateIssuedRowSchema>;

/** A certificate as its holder sees it in "my certificates": the issued certificate with its template's authority and thumbnail. */
export const CertificateMineSchema = CertificateIssuedRowSchema.pick({
  id: true,
  number: true,
  templateName: true,
  sourceKind: true,
  sourceTitle: true,
  issuedAt: true,
  expiresAt: true,
  status: true,
}).extend(CertificateTemplateRowSchema.pick({ authority: true, thumbnailUrl: true }).shape);
export type CertificateMine = z.infer<typeof CertificateMineSchema>;

/** What anyone may learn from a certificate number, and nothing more about the holder. */
export const CertificateVerificationSchema = CertificateMineSchema.pick({
  number: true,
  sourceKind: true,
  templateName: true,
  authority: true,
  issuedAt: true,
  expiresAt: true,
  status: true,
}).extend({ holder: z.string(), title: z.string() });
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

/** A certificate as another page links it (a training row, a class detail): its holder downloads it by `id`. */
export const CertificateRefSchema = CertificateIssuedRowSchema.pick({ id: true, number: true, status: true });
export type CertificateRef = z.infer<typeof CertificateRefSchema>;
