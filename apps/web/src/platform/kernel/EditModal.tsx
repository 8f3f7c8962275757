import { useState, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSaveError, type SaveErrorOptions } from '../forms/server-errors';
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
  /** data-testid of the form. */
  testId?: string;
  /** data-testid of the save button (default `crud-form-submit`). */
  submitTestId?: string;
  /** How a refusal shows (default: on the shown field it names, else nowhere more: the client reported it); for `silent` calls `report: true`. */
  saveErrors?: SaveErrorOptions;
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
      showSaveError(form, err, { fields: p.fields.map((f) => f.name), report: false, ...p.saveErrors });
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
      okButtonProps={{ loading: saving, 'data-testid': p.submitTestId ?? 'crud-form-submit' }}
      onOk={() => void submit()}
      onCancel={p.onCancel}
    >
      <SchemaForm form={form} schema={p.schema} fields={p.fields} testId={p.testId ?? 'crud-form'} initialValues={p.initialValues} />
    </Modal>
  );
}
