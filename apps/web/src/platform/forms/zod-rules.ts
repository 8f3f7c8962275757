/**
 * AntD Form rules derived from the shared zod schemas, so the form refuses exactly what the
 * server refuses. Each field gets one validator running the field's own zod schema; issues
 * are turned into catalogue texts.
 */
import dayjs from 'dayjs';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { isErrorName } from '@hanlin/shared';
import { isObject } from '../field-of';
import { errorMessage } from '../i18n';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export function fieldSchema(schema: AnyObject, name: string): z.ZodType | undefined {
  const s = schema.shape[name];
  return s instanceof z.ZodType ? s : undefined;
}

export function isRequired(s: z.ZodType | undefined): boolean {
  return !!s && !s.safeParse(undefined).success;
}

export function acceptsNull(s: z.ZodType | undefined): boolean {
  return !!s && s.safeParse(null).success;
}

/** A field's schema and those it wraps (optional, nullable, default …), outermost first, four at most. */
function* layers(s: z.ZodType | undefined): Generator<object> {
  let cur: unknown = s;
  for (let i = 0; i < 4 && isObject(cur); i++) {
    yield cur;
    cur = 'unwrap' in cur && typeof cur.unwrap === 'function' ? cur.unwrap() : undefined;
  }
}

/** Largest string length a field accepts, for the character counter. */
export function maxLengthOf(s: z.ZodType | undefined): number | undefined {
  for (const c of layers(s)) if ('maxLength' in c && typeof c.maxLength === 'number') return c.maxLength;
  return undefined;
}

/** Whether a field holds an ISO date-time (a date picker's field). */
export function isDateTime(s: z.ZodType | undefined): boolean {
  for (const c of layers(s)) if ('format' in c && c.format === 'datetime') return true;
  return false;
}

/** Form control value -> the value the API receives. */
export function normalizeValue(v: unknown, s?: z.ZodType): unknown {
  if (dayjs.isDayjs(v)) return v.toISOString();
  if (v === '' || v === null || v === undefined) return v === null && acceptsNull(s) ? null : undefined;
  return v;
}

export function issueText(i: z.core.$ZodIssue, t: TFunction): string {
  switch (i.code) {
    case 'too_small': {
      const n = Number(i.minimum);
      if (i.origin === 'string') return n <= 1 ? t('validation.required') : t('validation.minLength', { n });
      if (i.origin === 'array') return t('validation.minItems', { n });
      return t('validation.min', { n });
    }
    case 'too_big': {
      const n = Number(i.maximum);
      if (i.origin === 'string') return t('validation.maxLength', { n });
      if (i.origin === 'array') return t('validation.maxItems', { n });
      return t('validation.max', { n });
    }
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
    case 'invalid_union': {
      // `'' | phone` and the like: the last alternative is the value's real rule.
      const last = i.errors.at(-1)?.[0];
      return last ? issueText(last, t) : t('validation.invalid');
    }
    default:
      if (isErrorName(i.message)) return errorMessage(i.message);
      if (i.message && i.message.includes('.') && !i.message.includes(' ')) return t(i.message);
      return t('validation.invalid');
  }
}

/** Whether the object schema carries refinements over several fields (`.refine` / `.superRefine` on the object). */
export function hasObjectChecks(schema: AnyObject): boolean {
  return !!schema._zod.def.checks?.length;
}

/** Form values -> the values the API receives (see normalizeValue), field by field. */
export function normalizeValues(schema: AnyObject, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = normalizeValue(v, fieldSchema(schema, k));
  return out;
}

/**
 * One validator rule per field, running the field's zod schema on the normalized value; when the
 * field passes and the object has refinements over several fields, the whole form is parsed and
 * the refinement issues naming this field are shown on it.
 */
export function rulesFor(schema: AnyObject, name: string, t: TFunction, requiredText?: string): Rule[] {
  const s = fieldSchema(schema, name);
  if (!s) return [];
  const crossField = hasObjectChecks(schema);
  return [
    (form) => ({
      validator: async (_rule, value) => {
        checkValue(s, value, t, requiredText);
        if (!crossField) return;
        const whole = schema.safeParse(normalizeValues(schema, { ...form.getFieldsValue(true), [name]: value }));
        const own = whole.success ? undefined : whole.error.issues.find((i) => i.path[0] === name && i.code === 'custom');
        if (own) throw new Error(issueText(own, t));
      },
    }),
  ];
}

/** Throws the text of the first issue of a control's value against its schema. */
function checkValue(s: z.ZodType, value: unknown, t: TFunction, requiredText?: string) {
  const required = requiredText ?? t('validation.required');
  const v = normalizeValue(value, s);
  if (v === undefined && isRequired(s)) throw new Error(required);
  const r = s.safeParse(v);
  if (!r.success) {
    const text = issueText(r.error.issues[0], t);
    throw new Error(text === t('validation.required') ? required : text);
  }
}

/** The rule of a control whose value is one element of a schema's list (an option, a blank's answers). */
export function elementRules(s: z.ZodType, t: TFunction): Rule[] {
  return [{ validator: async (_rule, value) => checkValue(s, value, t) }];
}
