/**
 * The zod resolver of a hand-laid form: one shared schema (the body the server validates) gives
 * the Form.Item rules, reads the form into the request body and puts the server's field refusals
 * back on the fields. Pages with a layout of their own use it; `SchemaForm` lays out fields itself.
 */
import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FieldName, SchemaObject } from './types';
import { showSaveError, type SaveErrorOptions } from './server-errors';
import { fieldSchema, isDateTime, isRequired, issueText, maxLengthOf, normalizeValues, rulesFor } from './zod-rules';

/** A control's value of a schema field: the schema's input, a date picker's Dayjs for a date-time string, or cleared. */
type ControlValue<V> = V | (string extends V ? Dayjs : never) | null;
/** The values a form over `S` holds (every field may still be empty while it is filled in). */
export type FormValues<S extends SchemaObject> = { [K in keyof z.input<S>]?: ControlValue<z.input<S>[K]> };

export interface SchemaFormApi<S extends SchemaObject> {
  form: FormInstance<FormValues<S>>;
  /** Props of the Form.Item of a schema field: its name, required mark and the schema's rules. */
  item: (name: FieldName<S>) => { name: FieldName<S>; required: boolean; rules: Rule[] };
  /** The longest string the schema accepts for a field (for `maxLength` / a counter). */
  maxLength: (name: FieldName<S>) => number | undefined;
  /**
   * Checks the form, then parses its values (with `extra` values kept outside the form, e.g. an
   * uploaded cover) with the schema: the body to send, or null with the issues shown on their fields.
   */
  read: (extra?: Partial<z.input<S>>) => Promise<z.output<S> | null>;
  /** Puts a record's values of the schema's fields on the form (other keys of the record are left out). */
  fill: (record: Partial<Record<keyof z.input<S>, unknown>>) => void;
  /** Shows a refused save on the fields the server named; returns whether a field took it. */
  showError: (err: unknown, options?: SaveErrorOptions) => boolean;
}

/** The form values of a record: the schema's fields only, ISO date-times as Dayjs for the date pickers. */
export function formValuesOf<S extends SchemaObject>(schema: S, record: Partial<Record<keyof z.input<S>, unknown>>): FormValues<S> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    const s = fieldSchema(schema, k);
    if (s) out[k] = typeof v === 'string' && v && isDateTime(s) ? dayjs(v) : v;
  }
  return out as FormValues<S>;
}

/** Parses form values with the schema; issues are put on the field they name (their first path part). */
export async function parseFormValues<S extends SchemaObject>(form: FormInstance, schema: S, t: ReturnType<typeof useTranslation>['t'], extra?: Record<string, unknown>) {
  const raw: Record<string, unknown> = await form.validateFields();
  const parsed = schema.safeParse(normalizeValues(schema, { ...raw, ...extra }));
  if (parsed.success) return parsed.data;
  const shown = new Set<string>();
  const issues = parsed.error.issues.filter((i) => {
    const name = String(i.path[0] ?? '');
    return !shown.has(name) && shown.add(name);
  });
  form.setFields(issues.map((i) => ({ name: String(i.path[0] ?? ''), errors: [issueText(i, t)] })));
  return null;
}

/** The zod resolver of a form over `schema` (see the file's comment); pass `form` to drive one made elsewhere. */
export function useSchemaForm<S extends SchemaObject>(
  schema: S,
  options: {
    form?: FormInstance;
    saveErrors?: SaveErrorOptions;
    /** Locale keys of a field's "required" text where the generic one says too little (a form without labels). */
    requiredTexts?: Partial<Record<FieldName<S>, string>>;
  } = {},
): SchemaFormApi<S> {
  const { t } = useTranslation();
  const [own] = Form.useForm<FormValues<S>>(options.form);
  const { saveErrors, requiredTexts } = options;
  return useMemo(
    () => ({
      form: own,
      item: (name) => {
        const requiredKey = requiredTexts?.[name];
        return { name, required: isRequired(fieldSchema(schema, name)), rules: rulesFor(schema, name, t, requiredKey && t(requiredKey)) };
      },
      maxLength: (name) => maxLengthOf(fieldSchema(schema, name)),
      read: (extra) => parseFormValues(own, schema, t, extra).catch(() => null),
      fill: (record) => {
        own.setFieldsValue(formValuesOf(schema, record) as Parameters<typeof own.setFieldsValue>[0]);
        // antd counts a value set from outside as touched: a record just loaded is not the user's change, and an
        // untouched edit page must leave without asking.
        own.setFields(own.getFieldsError().map(({ name }) => ({ name, touched: false })) as Parameters<typeof own.setFields>[0]);
      },
      showError: (err, o) => showSaveError(own, err, { fields: Object.keys(schema.shape), topLevel: true, ...saveErrors, ...o }),
    }),
    [own, schema, t, saveErrors, requiredTexts],
  );
}
