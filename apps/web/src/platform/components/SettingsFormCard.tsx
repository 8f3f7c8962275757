import { useMemo, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, ConfigProvider, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaForm, readForm, type FieldSpec, type SchemaObject } from '../kernel';
import { useCan } from '../permission';
import { showSaveError } from '../forms/server-errors';
import { useFeedback } from '../feedback';

export interface SettingsFormCardProps<V> {
  title: ReactNode;
  queryKey: readonly unknown[];
  load: () => Promise<V>;
  save: (body: Record<string, unknown>) => Promise<unknown>;
  schema: SchemaObject;
  fields: readonly FieldSpec[];
  /** Code needed to change (`dlsz:modify`); without it the form is read-only. */
  modifyCode: string;
  /** API answer -> form values (defaults to the answer itself). */
  toValues?: (v: V) => Record<string, unknown>;
  /** Parsed form values -> request body (defaults to the values). */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Error name -> field for refusals that name no field. */
  byCode?: Record<string, string>;
  testId: string;
  extra?: ReactNode;
  /** Shown above the form (state, indicators). */
  header?: (v: V | undefined) => ReactNode;
}

/** One settings object: loaded, edited with the shared schema's rules, saved whole. */
export function SettingsFormCard<V>(props: SettingsFormCardProps<V>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const canModify = useCan(props.modifyCode);
  const query = useQuery({ queryKey: props.queryKey, queryFn: props.load });
  const { toValues } = props;
  const initial = useMemo(() => (query.data ? (toValues ? toValues(query.data) : query.data) : undefined), [query.data, toValues]);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => props.save(body),
    onSuccess: async (data) => {
      message.success(t('common.saved'));
      if (data !== null && data !== undefined) qc.setQueryData(props.queryKey, data);
      await qc.invalidateQueries({ queryKey: props.queryKey });
    },
    onError: (err) => showSaveError(form, err, { fields: props.fields.map((f) => f.name), byCode: props.byCode }),
  });

  const submit = async () => {
    const values = await readForm(form, props.schema, t).catch(() => null);
    if (values) save.mutate(props.toBody ? props.toBody(values) : values);
  };

  return (
    <Card title={props.title} extra={props.extra} data-testid={props.testId}>
      {props.header?.(query.data)}
      {query.isLoading ? (
        <Spin />
      ) : (
        <ConfigProvider componentDisabled={!canModify}>
          <div style={{ maxWidth: 640 }}>
            <SchemaForm form={form} schema={props.schema} fields={props.fields} initialValues={initial} testId={`${props.testId}-form`} />
          </div>
        </ConfigProvider>
      )}
      {canModify ? (
        <Space>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid={`${props.testId}-submit`}>
            {t('common.save')}
          </Button>
          <Button onClick={() => form.setFieldsValue(initial ?? {})} data-testid={`${props.testId}-reset`}>
            {t('common.reset')}
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
