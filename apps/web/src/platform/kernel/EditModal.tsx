import { useState, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSaveError } from '../forms/server-errors';
import { SchemaForm, readForm } from './SchemaForm';
import type { FieldName, SchemaFields, SchemaObject } from './types';
import { useFeedback } from '../feedback';

export interface EditModalProps<S extends SchemaObject, N extends string = FieldName<S>> {
  open: boolean;
  title: ReactNode;
  /** The body schema the server validates: it gives the rules and types `onSubmit`. */
  schema: S;
  /** Field names are the schema's keys (checked at compile time, see SchemaFields). */
  fields: SchemaFields<S, N>;
  /** API values of the record (or the defaults of a new one). */
  initialValues?: Record<string, unknown>;
  /** Gets the values parsed by the schema; a refusal naming a shown field marks that field. */
  onSubmit: (values: z.infer<S>) => Promise<unknown>;
  /** After a successful submit (the "saved" message is shown already). */
  onSaved?: (result: unknown) => void;
  onCancel: () => void;
  /** data-testid of the form; the save button is `crud-form-submit`. */
  testId?: string;
}

/** An add/edit dialog over a zod schema: checks the form, submits the parsed values, shows refusals on their fields. */
export function EditModal<S extends SchemaObject, N extends string>(p: EditModalProps<S, N>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  async function submit() {
    const values = await readForm(form, p.schema, t).catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const result = await p.onSubmit(values);
      message.success(t('common.saved'));
      p.onSaved?.(result);
    } catch (err) {
      // The client already showed the message; a refusal naming a field also marks that field.
      showSaveError(form, err, { fields: p.fields.map((f) => f.name as string), report: false });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={p.open}
      destroyOnHidden
      title={p.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'crud-form-submit' }}
      onOk={() => void submit()}
      onCancel={p.onCancel}
    >
      <SchemaForm form={form} schema={p.schema} fields={p.fields} testId={p.testId ?? 'crud-form'} initialValues={p.initialValues} />
    </Modal>
  );
}
