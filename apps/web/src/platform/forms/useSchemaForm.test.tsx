// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, InputNumber } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { COURSE_NAME_MAX, CourseInsertSchema, ERRORS } from '@hanlin/shared';
import { ApiError } from '../api/errors';
import { formValuesOf, useSchemaForm, type SchemaFormApi } from './useSchemaForm';
import '../kernel/testing/render';

/** A schema whose limit a test chooses, with a refinement over two fields. */
const schemaWith = (max: number) =>
  z
    .object({
      title: z.string().trim().min(1).max(max),
      from: z.number().int().min(0),
      to: z.number().int().min(0).nullable().default(null),
      at: z.iso.datetime({ offset: true }).nullable().default(null),
      cover: z.string().nullable().default(null),
    })
    .refine((v) => v.to === null || v.to >= v.from, { path: ['to'], message: 'validation.invalid' });

type Schema = ReturnType<typeof schemaWith>;

function TitleForm({ schema, got }: { schema: Schema; got: (api: SchemaFormApi<Schema>) => void }) {
  const f = useSchemaForm(schema);
  got(f);
  return (
    <Form form={f.form}>
      <Form.Item {...f.item('title')} label="title">
        <Input data-testid="title" maxLength={f.maxLength('title')} />
      </Form.Item>
      <Form.Item {...f.item('from')} label="from">
        <InputNumber data-testid="from" />
      </Form.Item>
      <Form.Item {...f.item('to')} label="to">
        <InputNumber data-testid="to" />
      </Form.Item>
      <Form.Item name="at" label="at">
        <Input />
      </Form.Item>
    </Form>
  );
}

function mount(max: number) {
  let api: SchemaFormApi<Schema> | undefined;
  render(<TitleForm schema={schemaWith(max)} got={(a) => (api = a)} />);
  return () => api!;
}

describe('useSchemaForm: one zod schema drives the form', () => {
  it('a loaded record filled in leaves the form untouched (leaving asks nothing); typing touches it', async () => {
    const api = mount(20);
    act(() => api().fill({ title: 'Loaded', from: 3, to: 4 }));
    await waitFor(() => expect((screen.getByTestId('title') as HTMLInputElement).value).toBe('Loaded'));
    expect(api().form.getFieldValue('from')).toBe(3);
    expect(api().form.isFieldsTouched()).toBe(false);
    fireEvent.change(screen.getByTestId('title'), { target: { value: 'Typed' } });
    expect(api().form.isFieldsTouched()).toBe(true);
    cleanup();
  });

  it('takes its limits from the schema: a limit changed there changes the form', async () => {
    for (const [max, ok] of [
      [5, false],
      [10, true],
    ] as const) {
      const api = mount(max);
      fireEvent.change(screen.getByTestId('title'), { target: { value: 'abcdefg' } });
      fireEvent.change(screen.getByTestId('from'), { target: { value: '1' } });
      const body = await act(() => api().read());
      expect(body === null).toBe(!ok);
      expect(api().form.getFieldError('title')).toEqual(ok ? [] : [expect.stringContaining(String(max))]);
      cleanup();
    }
  });

  it('marks required fields and refuses what a refinement over two fields refuses', async () => {
    const api = mount(20);
    expect(api().item('title').required).toBe(true);
    expect(api().item('to').required).toBe(false);
    api().form.setFieldsValue({ title: 'x', from: 5, to: 2 });
    expect(await act(() => api().read())).toBeNull();
    expect(api().form.getFieldError('to')).toHaveLength(1);
    api().form.setFieldsValue({ to: 9 });
    await waitFor(async () => expect(await api().read()).not.toBeNull());
  });

  it('reads the body the server takes: parsed, defaults filled, dates as ISO, values kept outside the form', async () => {
    const api = mount(20);
    const at = dayjs('2030-01-02T03:04:05Z');
    api().form.setFieldsValue({ title: '  Hi  ', from: 1, at });
    const body = await act(() => api().read({ cover: '/api/upload/file/x' }));
    expect(body).toEqual({ title: 'Hi', from: 1, to: null, at: at.toISOString(), cover: '/api/upload/file/x' });
  });

  it("fills the form from a record: the schema's fields only, date-times for the date picker", () => {
    const v = formValuesOf(schemaWith(5), { title: 'T', at: '2030-01-02T03:04:05.000Z', from: 1, ...{ id: 9 } });
    expect(Object.keys(v).sort()).toEqual(['at', 'from', 'title']);
    expect(dayjs.isDayjs(v.at) && v.at.toISOString()).toBe('2030-01-02T03:04:05.000Z');
  });

  it('puts the fields a refused body names back on the form, nested names on their field', async () => {
    const api = mount(20);
    const refused = new ApiError('PARAMETER_INVALID', ERRORS.PARAMETER_INVALID.code, 400, [{ field: 'from' }, { field: 'to.0' }], 'from');
    let shown = false;
    act(() => void (shown = api().showError(refused, { report: false })));
    expect(shown).toBe(true);
    await waitFor(() => expect(api().form.getFieldError('from')).toHaveLength(1));
    expect(api().form.getFieldError('to')).toHaveLength(1);
    expect(api().form.getFieldError('title')).toHaveLength(0);
    // A refusal naming no shown field is not put on the form.
    expect(api().showError(new ApiError('NOT_FOUND_ERROR', 1, 404, null, 'elsewhere'), { report: false })).toBe(false);
  });

  it('follows the shared schema the server validates the course with', async () => {
    let api: SchemaFormApi<typeof CourseInsertSchema> | undefined;
    function CourseName() {
      const f = useSchemaForm(CourseInsertSchema);
      api = f;
      return (
        <Form form={f.form}>
          <Form.Item {...f.item('name')}>
            <Input />
          </Form.Item>
          <Form.Item {...f.item('passProgress')}>
            <InputNumber />
          </Form.Item>
        </Form>
      );
    }
    render(<CourseName />);
    api!.form.setFieldsValue({ name: 'x'.repeat(COURSE_NAME_MAX + 1), passProgress: 0 });
    expect(await act(() => api!.read())).toBeNull();
    expect(api!.form.getFieldError('name')[0]).toContain(String(COURSE_NAME_MAX));
    expect(api!.form.getFieldError('passProgress')).toHaveLength(1);
  });
});
