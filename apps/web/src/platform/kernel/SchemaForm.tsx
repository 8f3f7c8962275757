import { useEffect, useMemo, useRef } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fieldSchema, isRequired, maxLengthOf, rulesFor } from '../forms/zod-rules';
import { parseFormValues } from '../forms/useSchemaForm';
import type { z } from 'zod';
import type { FieldName, FieldSpec, SchemaFields, SchemaObject } from './types';

/** The fields of a form over `schema`, names checked against it at compile time. */
export function defineFields<S extends SchemaObject>(_schema: S, fields: readonly FieldSpec<FieldName<S>>[]): readonly FieldSpec<FieldName<S>>[] {
  return fields;
}

/** Form values (dayjs for date fields) from API values. */
export function toFormValues(fields: readonly FieldSpec[], values: Record<string, unknown> | undefined) {
  const out: Record<string, unknown> = { ...(values ?? {}) };
  for (const f of fields) {
    const v = out[f.name];
    if (f.kind === 'datetime' && typeof v === 'string' && v) out[f.name] = dayjs(v);
  }
  return out;
}

/**
 * Validates the whole object with the schema and returns the parsed body, or puts the
 * issues on their fields and returns null.
 */
export async function readForm<S extends SchemaObject>(form: FormInstance, schema: S, t: ReturnType<typeof useTranslation>['t']): Promise<z.output<S> | null> {
  return parseFormValues(form, schema, t);
}

/** Form.Item injects value/onChange/id into its direct child, so they are passed on. */
function Control({ field, max, ...injected }: { field: FieldSpec; max?: number; [prop: string]: unknown }) {
  const { t } = useTranslation();
  const common = {
    ...injected,
    'data-testid': field.testId ?? `field-${field.name}`,
    placeholder: field.placeholderKey ? t(field.placeholderKey) : undefined,
  };
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...common} rows={6} maxLength={max} showCount={!!max} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...common} style={{ width: '100%' }} />;
    case 'select':
      return <Select {...common} allowClear options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label ?? t(o.labelKey) }))} />;
    case 'datetime':
      return <DatePicker {...common} showTime style={{ width: '100%' }} disabledDate={field.disablePast ? (d) => d.isBefore(dayjs().startOf('day')) : undefined} />;
    default:
      return <Input {...common} maxLength={max} showCount={!!max} />;
  }
}

export interface SchemaFormProps<S extends SchemaObject = SchemaObject, N extends string = FieldName<S>> {
  form: FormInstance;
  schema: S;
  /** Field names are the schema's keys (checked at compile time, see SchemaFields). */
  fields: SchemaFields<S, N>;
  initialValues?: Record<string, unknown>;
  layout?: 'vertical' | 'horizontal';
  testId?: string;
}

/** A form whose rules come from the zod schema of the same body the server validates. */
export function SchemaForm<S extends SchemaObject, N extends string>({ form, schema, fields, initialValues, layout = 'vertical', testId }: SchemaFormProps<S, N>) {
  const { t } = useTranslation();
  const specs: readonly FieldSpec[] = fields;
  const initial = useMemo(() => toFormValues(specs, initialValues), [specs, initialValues]);
  // Reset to the record when it changes, not when the fields do: a field shown or hidden by another
  // field's value (a lecturer's kind) must not wipe what was typed.
  const latest = useRef(initial);
  latest.current = initial;
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(latest.current);
  }, [form, initialValues]);
  return (
    <Form form={form} layout={layout} initialValues={initial} data-testid={testId}>
      {specs.map((f) => {
        const s = fieldSchema(schema, f.name);
        return (
          <Form.Item
            key={f.name}
            name={f.name}
            label={t(f.labelKey)}
            required={isRequired(s)}
            rules={rulesFor(schema, f.name, t)}
            extra={f.extraKey ? t(f.extraKey) : undefined}
          >
            {f.control ?? <Control field={f} max={maxLengthOf(s)} />}
          </Form.Item>
        );
      })}
    </Form>
  );
}
