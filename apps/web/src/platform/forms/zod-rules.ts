/**
 * AntD Form rules derived from the shared zod schemas, so the form refuses exactly what the
 * server refuses. Each field gets one validator running the field's own zod schema; issues
 * are turned into catalogue texts.
 */
import dayjs from 'dayjs';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isErrorName } from '@hanlin/shared';
import { errorMessage } from '../i18n';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export function fieldSchema(schema: AnyObject, name: string): z.ZodType | undefined {
  return (schema.shape as Record<string, z.ZodType>)[name];
}

export function isRequired(s: z.ZodType | undefined): boolean {
  return !!s && !s.safeParse(undefined).success;
}

export function acceptsNull(s: z.ZodType | undefined): boolean {
  return !!s && s.safeParse(null).success;
}

/** Largest string length a field accepts, for the character counter. */
export function maxLengthOf(s: z.ZodType | undefined): number | undefined {
  let cur: unknown = s;
  for (let i = 0; i < 4 && cur; i++) {
    const c = cur as { maxLength?: number | null; unwrap?: () => unknown };
    if (typeof c.maxLength === 'number') return c.maxLength;
    cur = typeof c.unwrap === 'function' ? c.unwrap() : undefined;
  }
  return undefined;
}

/** Form control value -> the value the API receives. */
export function normalizeValue(v: unknown, s?: z.ZodType): unknown {
  if (dayjs.isDayjs(v)) return v.toISOString();
  if (v === '' || v === null || v === undefined) return v === null && acceptsNull(s) ? null : undefined;
  return v;
}

export function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  const i = issue as z.core.$ZodIssue & { origin?: string; minimum?: number | bigint; maximum?: number | bigint; expected?: string; format?: string };
  const n = Number(i.minimum ?? i.maximum ?? 0);
  switch (i.code) {
    case 'too_small':
      if (i.origin === 'string') return n <= 1 ? t('validation.required') : t('validation.minLength', { n });
      if (i.origin === 'array') return t('validation.minItems', { n });
      return t('validation.min', { n });
    case 'too_big':
      if (i.origin === 'string') return t('validation.maxLength', { n });
      if (i.origin === 'array') return t('validation.maxItems', { n });
      return t('validation.max', { n });
    case 'invalid_type':
      if (i.expected === 'int') return t('validation.integer');
      if (i.expected === 'number') return t('validation.number');
      return t('validation.required');
    case 'invalid_format':
      if (i.format === 'email') return t('validation.email');
      if (i.format === 'datetime' || i.format === 'date') return t('validation.datetime');
      return t('validation.format');
    case 'invalid_value':
      return t('validation.choice');
    default:
      if (isErrorName(i.message)) return errorMessage(i.message);
      if (i.message && i.message.includes('.') && !i.message.includes(' ')) return t(i.message);
      return t('validation.invalid');
  }
}

/** One validator rule per field, running the field's zod schema on the normalized value. */
export function rulesFor(schema: AnyObject, name: string, t: TFunction): Rule[] {
  const s = fieldSchema(schema, name);
  if (!s) return [];
  return [
    {
      validator: async (_rule, value) => {
        const v = normalizeValue(value, s);
        if (v === undefined && isRequired(s)) throw new Error(t('validation.required'));
        const r = s.safeParse(v);
        if (!r.success) throw new Error(issueText(r.error.issues[0]!, t));
      },
    },
  ];
}
