import { useMemo, type ReactNode } from 'react';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient, skipToken } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Space, Spin, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../permission';
import { ApiError } from '../api/client';
import { showSaveError, type SaveErrorOptions } from '../forms/server-errors';
import { SchemaForm, readForm } from './SchemaForm';
import type { FieldSpec } from './types';
import { useFeedback } from '../feedback';
import { usePageTitle } from '../page-title';
import { useFormPage } from './useLeaveGuard';

type SchemaObject = Parameters<typeof readForm>[1];

export interface RecordEditorOptions<R, B> {
  /** Root query key of the domain: the record loads under `[queryKey, 'one', id]`; a save invalidates `[queryKey]`. */
  queryKey: string;
  /** Query parameter holding the record id (default `id`); without it the page adds a record. */
  param?: string;
  /** The record to edit; null (or a NOT_FOUND_ERROR) shows "not found". */
  load: (id: number) => Promise<R | null>;
  create: (body: B) => Promise<unknown>;
  update: (id: number, body: B, record: R | undefined) => Promise<unknown>;
  /** Where cancel and a finished save go. */
  listPath: string;
  /** Action codes needed to save a new / an existing record; none: the route's codes are enough. */
  perms?: { add: string; modify: string };
  /** Form values of the loaded record, or (record undefined) the defaults of a new one. */
  toForm: (record: R | undefined) => Record<string, unknown>;
  /** Body of the save from the checked form values (default: the values as they are). */
  toBody?: (values: Record<string, unknown>, id: number | undefined) => B;
  /** Server refusals shown on the form field they name (see showSaveError); false: the API call reports them itself. */
  saveErrors?: SaveErrorOptions | false;
  /** More query roots a save changes. */
  invalidate?: string[];
  /** Success message of a save (default `common.saved`). */
  savedText?: (body: B) => string;
  /** Where a save goes instead of the list (e.g. a new record on to its own edit page). */
  next?: (saved: unknown, id: number | undefined) => { to: string; replace?: boolean } | undefined;
}

export interface RecordEditor<R, B> {
  id: number | undefined;
  form: FormInstance;
  record: R | undefined;
  initial: Record<string, unknown>;
  loading: boolean;
  notFound: boolean;
  canSave: boolean;
  saving: boolean;
  /** Validates the form with the schema, maps the values (default: the `toBody` option) and saves. */
  submit: <S extends SchemaObject>(schema: S, toBody?: (values: z.output<S>) => B) => Promise<void>;
  back: () => void;
}

/**
 * The shell of an add/edit page: `?id=` read, record loaded, add vs modify permission, save with
 * success message, query invalidation and return to the list, server field errors on the form.
 */
export function useRecordEditor<R, B>(o: RecordEditorOptions<R, B>): RecordEditor<R, B> {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get(o.param ?? 'id')) || undefined;
  const [form] = Form.useForm();
  // A half-filled form asks before the user leaves; a finished save leaves without asking (the title is the card's).
  const existing = useQuery({ queryKey: [o.queryKey, 'one', id], queryFn: id ? () => o.load(id) : skipToken });
  const page = useFormPage({ form, title: undefined, ready: !id || existing.isSuccess });
  // Cancel is a choice to drop what was typed: it leaves without asking, like a save.
  const back = () => page.leave(o.listPath);
  const canSave = useCan(o.perms ? (id ? o.perms.modify : o.perms.add) : []);

  const record = existing.data ?? undefined;
  // toForm is a pure mapping of the record: the record alone decides when the values change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initial = useMemo(() => o.toForm(id ? record : undefined), [id, record]);

  const save = useMutation({
    mutationFn: (body: B) => (id ? o.update(id, body, record) : o.create(body)),
    onSuccess: async (saved, body) => {
      message.success(o.savedText ? o.savedText(body) : t('common.saved'));
      await Promise.all([o.queryKey, ...(o.invalidate ?? [])].map((k) => qc.invalidateQueries({ queryKey: [k] })));
      const next = o.next?.(saved, id);
      if (next) page.leave(next.to, { replace: next.replace });
      else page.leave(o.listPath);
    },
    onError: (err) => {
      if (o.saveErrors !== false) showSaveError(form, err, o.saveErrors);
    },
  });

  const notFound = !!id && ((existing.isSuccess && !existing.data) || (existing.error instanceof ApiError && existing.error.name === 'NOT_FOUND_ERROR'));

  return {
    id,
    form,
    record,
    initial,
    loading: !!id && existing.isLoading,
    notFound,
    canSave,
    saving: save.isPending,
    submit: async (schema, toBody) => {
      const v = await readForm(form, schema, t).catch(() => null);
      if (v) save.mutate(toBody ? toBody(v) : o.toBody ? o.toBody(v, id) : (v as B));
    },
    back,
  };
}

export interface RecordEditorCardProps<R, B> {
  editor: RecordEditor<R, B>;
  /** data-testid root: `<testId>-edit-page` (unless pageTestId), `-form`, `-cancel`, `-submit`. */
  testId: string;
  /** Test id of the card; null when the page root carries it. */
  pageTestId?: string | null;
  title: ReactNode;
  extra?: ReactNode;
  schema: SchemaObject;
  fields: readonly FieldSpec[];
  /** Wrapper of the form (width or a layout class). */
  formStyle?: { maxWidth?: number; className?: string };
  /** Text key of the cancel button (default `common.cancel`). */
  backKey?: string;
  /** Shows the save button (default: the editor's permission). */
  canSave?: boolean;
  /** Buttons instead of the save button. */
  actions?: ReactNode;
  /** Shown between the form and the buttons. */
  children?: ReactNode;
  /** Text of "not found"; without it the form stays (empty). */
  notFoundText?: string;
}

/** The card of an add/edit page: the form (a spinner while the record loads), cancel and save. */
export function RecordEditorCard<R, B>(p: RecordEditorCardProps<R, B>) {
  const { t } = useTranslation();
  const { editor: ed, testId } = p;
  usePageTitle(typeof p.title === 'string' ? p.title : undefined);
  if (p.notFoundText && ed.notFound) return <Empty description={p.notFoundText} />;
  const form = <SchemaForm form={ed.form} schema={p.schema} fields={p.fields} initialValues={ed.initial} testId={`${testId}-form`} />;
  return (
    <Card title={p.title} extra={p.extra} data-testid={p.pageTestId === null ? undefined : (p.pageTestId ?? `${testId}-edit-page`)}>
      {ed.loading ? (
        <Spin />
      ) : p.formStyle ? (
        <div className={p.formStyle.className} style={p.formStyle.maxWidth ? { maxWidth: p.formStyle.maxWidth } : undefined}>
          {form}
        </div>
      ) : (
        form
      )}
      {p.children}
      <Space>
        <Button onClick={ed.back} data-testid={`${testId}-cancel`}>
          {t(p.backKey ?? 'common.cancel')}
        </Button>
        {p.actions ??
          ((p.canSave ?? ed.canSave) ? (
            <Button type="primary" loading={ed.saving} onClick={() => void ed.submit(p.schema)} data-testid={`${testId}-submit`}>
              {t('common.save')}
            </Button>
          ) : null)}
      </Space>
    </Card>
  );
}

export interface SaveAndPublishProps {
  /** data-testid root: `<testId>-submit` and `<testId>-submit-<publishTestId>`. */
  testId: string;
  /** Text key of the second button (`notice.saveAndRelease`). */
  publishKey: string;
  /** Test id suffix of the second button (default `publish`). */
  publishTestId?: string;
  /** Shows the second button (default true). */
  publish?: boolean;
  saving: boolean;
  onSubmit: (publish: boolean) => void;
}

/** The actions of a page whose record is saved as it is or saved and published: save, then save-and-publish. */
export function SaveAndPublishButtons({ testId, publishKey, publishTestId = 'publish', publish = true, saving, onSubmit }: SaveAndPublishProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button loading={saving} onClick={() => onSubmit(false)} data-testid={`${testId}-submit`}>
        {t('common.save')}
      </Button>
      {publish ? (
        <Button type="primary" loading={saving} onClick={() => onSubmit(true)} data-testid={`${testId}-submit-${publishTestId}`}>
          {t(publishKey)}
        </Button>
      ) : null}
    </>
  );
}
