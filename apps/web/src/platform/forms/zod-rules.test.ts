import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { isRequired, issueText, maxLengthOf, normalizeValue, rulesFor } from './zod-rules';

const t = ((key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key)) as unknown as TFunction;

const Schema = z.object({
  title: z.string().trim().min(1).max(100),
  remark: z.string().max(200).optional(),
  sort: z.number().int().min(0),
  cover: z.string().nullable().optional(),
  pw: z.string().refine(() => false, { message: 'PASSWORD_FORMAT_ERROR' }),
  email: z.union([z.literal(''), z.email()]).nullish(),
});

async function check(name: string, value: unknown): Promise<string | null> {
  const render = rulesFor(Schema, name, t)[0] as (form: unknown) => { validator: (r: unknown, v: unknown) => Promise<void> };
  const rule = render({ getFieldsValue: () => ({}) });
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zod -> AntD rules', () => {
  it('derives required and length from the schema', () => {
    expect(isRequired(Schema.shape.title)).toBe(true);
    expect(isRequired(Schema.shape.remark)).toBe(false);
    expect(maxLengthOf(Schema.shape.title)).toBe(100);
    expect(maxLengthOf(Schema.shape.remark)).toBe(200);
  });

  it('refuses what the schema refuses, with catalogue texts', async () => {
    expect(await check('title', '')).toBe('validation.required');
    expect(await check('title', 'x'.repeat(101))).toBe('validation.maxLength:{"n":100}');
    expect(await check('title', 'ok')).toBeNull();
    expect(await check('remark', '')).toBeNull();
    expect(await check('sort', 1.5)).toBe('validation.integer');
    expect(await check('sort', -1)).toBe('validation.min:{"n":0}');
    expect(await check('pw', 'x')).toMatch(/6/);
    // An alternative of "empty or a valid one" says what the valid one needs.
    expect(await check('email', 'nope')).toBe('validation.email');
    expect(await check('email', '')).toBeNull();
  });

  it('normalizes empty values and keeps null where the schema takes it', () => {
    expect(normalizeValue('', Schema.shape.title)).toBeUndefined();
    expect(normalizeValue(null, Schema.shape.cover)).toBeNull();
    expect(normalizeValue(null, Schema.shape.remark)).toBeUndefined();
    const issue = Schema.shape.title.safeParse('').error!.issues[0]!;
    expect(issueText(issue, t)).toBe('validation.required');
  });
});
