// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Feedback } from '../components/Feedback';
import { z } from 'zod';
import { ApiError } from '../api/errors';
import type { Page } from '@hanlin/shared';
import { CrudPage } from './CrudPage';
import { EditModal } from './EditModal';
import { defineFields } from './SchemaForm';
import './testing/render';

afterEach(cleanup);

const Schema = z.object({ name: z.string().trim().min(1).max(10), code: z.string().max(5).optional() });
const fields = defineFields(Schema, [
  { name: 'name', labelKey: 'dict.label' },
  { name: 'code', labelKey: 'dict.value' },
]);

// Field names are checked against the schema when the code compiles (npm run typecheck).
// @ts-expect-error `nmae` is not a field of the schema
defineFields(Schema, [{ name: 'nmae', labelKey: 'dict.label' }]);
// @ts-expect-error nor in the dialog's own field list
void (<EditModal open title="t" schema={Schema} fields={[{ name: 'nmae', labelKey: 'x' }]} onSubmit={async () => 1} onCancel={() => 1} />);
// CrudPage's modal form is typed by its schema too: `create` gets the parsed values.
const fetchNone = async () => ({ records: [], total: 0 }) as unknown as Page<{ id: number }>;
void (<CrudPage titleKey="t" queryKey="q" fetch={fetchNone} columns={[]} form={{ schema: Schema, fields, create: async (v) => v.name.trim() }} />);
void (
  (
    // @ts-expect-error `size` is not in the schema's output
    <CrudPage titleKey="t" queryKey="q" fetch={fetchNone} columns={[]} form={{ schema: Schema, fields, create: async (v) => v.size }} />
  )
);

function open(onSubmit: (v: z.infer<typeof Schema>) => Promise<unknown>, initialValues?: Record<string, unknown>) {
  let saved = 0;
  render(
    <>
      <Feedback />
      <EditModal open title="edit" schema={Schema} fields={fields} initialValues={initialValues} onSubmit={onSubmit} onSaved={() => saved++} onCancel={() => undefined} />
    </>,
  );
  return { saved: () => saved };
}

describe('EditModal', () => {
  it('submits the values parsed by the schema, typed as it declares', async () => {
    const got: z.infer<typeof Schema>[] = [];
    const view = open(async (v) => {
      // Typed: `name` is a string here, not unknown.
      got.push({ name: v.name.toUpperCase(), code: v.code });
    });
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: '  ab  ' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(got).toEqual([{ name: 'AB', code: undefined }]));
    expect(view.saved()).toBe(1);
  });

  it('does not submit what the schema refuses, and says why on the field', async () => {
    let calls = 0;
    open(async () => calls++, { name: 'x' });
    fireEvent.change(screen.getByTestId('field-code'), { target: { value: 'toolong' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(calls).toBe(0);
  });

  it('puts a refusal naming a field on that field and stays open', async () => {
    const view = open(
      async () => {
        throw new ApiError('PARAMETER_INVALID', 400, 400, null, 'code');
      },
      { name: 'x', code: 'dup' },
    );
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(screen.getByTestId('field-code').closest('.ant-form-item')!.textContent).toContain(new ApiError('PARAMETER_INVALID', 400, 400).text));
    expect(view.saved()).toBe(0);
  });
});
