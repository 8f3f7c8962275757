import { useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Page } from '@hanlin/shared';
import { saveDownload, type DownloadResult } from '../../../platform/api/client';
import { useCan } from '../../../platform/permission';

export interface LogFilter {
  name: string;
  labelKey: string;
  /** Select options (already translated); a text input when missing. */
  options?: { value: string; label: ReactNode }[];
  width?: number;
}

export interface LogParams {
  page: number;
  size: number;
  sort?: string;
  from?: string;
  to?: string;
  [filter: string]: unknown;
}

interface Props<R> {
  testId: string;
  titleKey: string;
  queryKey: string;
  filters: readonly LogFilter[];
  columns: NonNullable<TableProps<R>['columns']>;
  fetch: (p: LogParams) => Promise<Page<R>>;
  exportFile: (p: Omit<LogParams, 'page' | 'size'>) => Promise<DownloadResult>;
  /** The other log report (login <-> operation). */
  switchTo: { path: string; labelKey: string };
}

/**
 * A log report: filters including a date range (which the list kernel does not offer),
 * server paging and sorting on the time, export of the filtered rows under the server's file name.
 */
export function LogReport<R extends { id: number }>(props: Props<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canExport = useCan('rzgl:export');
  const [form] = Form.useForm();
  const [params, setParams] = useState<LogParams>({ page: 1, size: 20, sort: '-createdAt' });
  const query = useQuery({
    queryKey: [props.queryKey, params],
    queryFn: () => props.fetch(params),
    placeholderData: keepPreviousData,
  });
  const exporter = useMutation({
    mutationFn: () => {
      const { page: _p, size: _s, ...filters } = params;
      return props.exportFile(filters);
    },
    onSuccess: saveDownload,
  });

  const apply = (values: Record<string, unknown>) => {
    const range = values.range as [Dayjs, Dayjs] | null | undefined;
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      if (k === 'range' || v === undefined || v === null) continue;
      const s = typeof v === 'string' ? v.trim() : v;
      if (s !== '') clean[k] = s;
    }
    if (range?.[0]) clean.from = range[0].startOf('day').toISOString();
    if (range?.[1]) clean.to = range[1].endOf('day').toISOString();
    setParams((p) => ({ page: 1, size: p.size, sort: p.sort, ...clean }));
  };

  const onChange: TableProps<R>['onChange'] = (pg, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setParams((p) => ({
      ...p,
      page: pg.current ?? 1,
      size: pg.pageSize ?? p.size,
      sort: s?.order === 'ascend' ? 'createdAt' : '-createdAt',
    }));
  };

  const columns = props.columns.map((c) =>
    c.key === 'createdAt' ? { ...c, sorter: true, sortOrder: params.sort === 'createdAt' ? ('ascend' as const) : ('descend' as const) } : c,
  );

  return (
    <Card
      data-testid={props.testId}
      title={t(props.titleKey)}
      extra={
        <Button type="link" data-testid="audit-switch" onClick={() => void navigate(`/dashboard/${props.switchTo.path}`)}>
          {t(props.switchTo.labelKey)}
        </Button>
      }
    >
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        {props.filters.map((f) => (
          <Form.Item key={f.name} name={f.name} label={t(f.labelKey)}>
            {f.options ? (
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: f.width ?? 160 }} options={f.options} data-testid={`audit-filter-${f.name}`} />
            ) : (
              <Input allowClear style={{ width: f.width ?? 160 }} data-testid={`audit-filter-${f.name}`} />
            )}
          </Form.Item>
        ))}
        <Form.Item name="range" label={t('audit.range')}>
          <DatePicker.RangePicker data-testid="audit-filter-range" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="audit-search">
              {t('common.search')}
            </Button>
            <Button
              data-testid="audit-reset"
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {canExport ? (
        <Space style={{ marginBottom: 16 }}>
          <Button loading={exporter.isPending} onClick={() => exporter.mutate()} data-testid="audit-export">
            {t('common.export')}
          </Button>
        </Space>
      ) : null}
      <Table<R>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.records ?? []}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: params.page,
          pageSize: params.size,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('common.total', { n }),
        }}
      />
    </Card>
  );
}
