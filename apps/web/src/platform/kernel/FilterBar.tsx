import { cloneElement, useEffect } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterSpec } from './types';

export interface FilterBarProps {
  filters: readonly FilterSpec[];
  /** Current filter form values (`useList().filterValues`); the form follows them when they change. */
  values: Record<string, unknown>;
  /** What reset shows (`defaultFilters`). */
  defaults?: Record<string, unknown>;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
}

function FilterControl({ f, ...injected }: { f: FilterSpec; [prop: string]: unknown }) {
  const { t } = useTranslation();
  const testId = f.testId ?? `filter-${f.name}`;
  const placeholder = f.placeholderKey ? t(f.placeholderKey) : undefined;
  if (f.control) return cloneElement(f.control, injected);
  if (f.kind === 'select' || f.kind === 'boolean')
    return (
      <Select
        {...injected}
        allowClear
        showSearch={f.searchable ? { optionFilterProp: 'label' } : undefined}
        style={{ width: f.width ?? 160 }}
        data-testid={testId}
        placeholder={placeholder}
        options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label ?? t(o.labelKey) }))}
      />
    );
  if (f.kind === 'daterange') return <DatePicker.RangePicker {...injected} data-testid={testId} style={f.width ? { width: f.width } : undefined} />;
  return <Input {...injected} allowClear data-testid={testId} placeholder={placeholder} style={f.width ? { width: f.width } : undefined} />;
}

/** The filter row of a list: one control per filter (text, select, yes/no, date range), search and reset. */
export function FilterBar({ filters, values, defaults, onSearch, onReset }: FilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  // Back/forward or a link changes the values: the form shows them (typing alone does not).
  const valuesKey = JSON.stringify(values);
  const show = (v: Record<string, unknown> | undefined) => form.setFieldsValue(Object.fromEntries(filters.map((f) => [f.name, v?.[f.name]])));
  useEffect(() => {
    show(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, valuesKey]);
  return (
    <Form form={form} layout="inline" initialValues={values} onFinish={onSearch} style={{ marginBottom: 16, rowGap: 8 }}>
      {filters.map((f) => (
        <Form.Item key={f.name} name={f.name} label={t(f.labelKey)}>
          <FilterControl f={f} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="crud-search">
            {t('common.search')}
          </Button>
          <Button
            data-testid="crud-reset"
            onClick={() => {
              show(defaults);
              onReset();
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
