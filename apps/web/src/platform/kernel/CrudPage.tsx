import { useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, Modal, Popconfirm, Row, Select, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveDownload } from '../api/client';
import { can } from '../permission';
import { useSession } from '../session';
import { SchemaForm, readForm } from './SchemaForm';
import { showSaveError } from '../forms/server-errors';
import {
  DESTRUCTIVE,
  type BatchKind,
  type CrudPageProps,
  type ExtraBatch,
  type FilterSpec,
  type ListParams,
  type ModalForm,
  type PageForm,
} from './types';

const BATCH_ORDER: readonly BatchKind[] = ['publish', 'unpublish', 'freeze', 'unfreeze', 'delete'];

function isModalForm<R>(f: ModalForm<R> | PageForm<R> | undefined): f is ModalForm<R> {
  return !!f && 'schema' in f;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Filter form values -> query parameters: trimmed text, date ranges as ISO times of whole days, no empties. */
function toQuery(filters: readonly FilterSpec[] | undefined, values: Record<string, unknown> | undefined) {
  const out: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(values ?? {})) {
    const spec = filters?.find((f) => f.name === k);
    if (spec?.kind === 'daterange') {
      const [from, to] = (raw ?? []) as [Dayjs | null | undefined, Dayjs | null | undefined];
      const names = spec.range ?? { from: `${k}From`, to: `${k}To` };
      if (from) out[names.from] = from.startOf('day').toISOString();
      if (to) out[names.to] = to.endOf('day').toISOString();
      continue;
    }
    if (spec?.kind === 'boolean') {
      if (raw === 'true' || raw === 'false') out[k] = raw === 'true';
      continue;
    }
    const v = typeof raw === 'string' ? raw.trim() : raw;
    if (!isEmpty(v)) out[k] = v;
  }
  return out;
}

const withoutEmpty = (o: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => !isEmpty(v)));

interface Action {
  action: string;
  ids: number[];
  exec: (ids: number[]) => Promise<unknown>;
  doneKey?: string;
}

/**
 * The management list kernel: filters (text, select, date range), an optional side pane, paged
 * sortable table, row selection with standard and custom batch actions, a custom toolbar,
 * add/edit in a modal or on its own page, confirmations on destructive actions, export.
 */
export function CrudPage<R extends { id: number }>(props: CrudPageProps<R>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const granted = useSession((s) => s.operateAuth);
  const allowed = (k: BatchKind | 'add' | 'modify' | 'export') => {
    const code = props.perms?.[k] ?? (props.menu ? `${props.menu}:${k === 'unfreeze' ? 'freeze' : k}` : undefined);
    return !code || can(granted, code);
  };

  const [params, setParams] = useState<ListParams>(() => ({
    page: 1,
    size: props.defaultSize ?? 20,
    sort: props.defaultSort,
    ...toQuery(props.filters, props.defaultFilters),
  }));
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [filterForm] = Form.useForm();
  const [editForm] = Form.useForm();
  /** Records seen while selecting, so a selection spanning pages still knows its rows. */
  const seen = useRef(new Map<number, R>());

  // A new outside filter (tree pick) starts again on page 1 with nothing selected.
  const extra = withoutEmpty(props.extraFilters);
  const extraKey = JSON.stringify(extra);
  const [seenExtra, setSeenExtra] = useState(extraKey);
  if (seenExtra !== extraKey) {
    setSeenExtra(extraKey);
    setParams((p) => ({ ...p, page: 1 }));
    setSelected([]);
  }
  const queryParams: ListParams = { ...params, ...extra };

  const query = useQuery({
    queryKey: [props.queryKey, queryParams],
    queryFn: () => props.fetch(queryParams),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const deselect = (ids: number[]) => setSelected((s) => s.filter((id) => !ids.includes(id)));
  const invalidate = () => qc.invalidateQueries({ queryKey: [props.queryKey] });
  const rowsOf = (ids: number[]) =>
    ids.map((id) => data?.records.find((r) => r.id === id) ?? seen.current.get(id)).filter((r): r is R => !!r);

  const act = useMutation({
    mutationFn: (a: Action) => a.exec(a.ids),
    onSuccess: async (_d, a) => {
      message.success(t(a.doneKey ?? 'common.done'));
      setSelected([]);
      await invalidate();
    },
    onError: (err, a) =>
      props.onActionError?.(err, {
        action: a.action,
        ids: a.ids,
        rows: rowsOf(a.ids),
        retry: (ids) => act.mutate({ ...a, ids }),
        deselect,
      }),
  });

  const save = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      const f = props.form as ModalForm<R>;
      if (editing && editing !== 'new') return f.update!({ ...values, id: editing.id });
      return f.create!(values);
    },
    onSuccess: async () => {
      message.success(t('common.saved'));
      setEditing(null);
      await invalidate();
    },
    // The client already showed the message; a refusal naming a field also marks that field.
    onError: (err) => {
      const f = props.form as ModalForm<R>;
      showSaveError(editForm, err, { fields: f.fields.map((x) => x.name), report: false });
    },
  });

  const exporting = useMutation({
    mutationFn: () => props.exportFile!(queryParams),
    onSuccess: saveDownload,
  });

  const label = (k: BatchKind) => t(props.labels?.[k] ?? `common.${k}`);
  const standard = (kind: BatchKind): Omit<Action, 'ids'> => ({ action: kind, exec: (ids) => props.batch![kind]!({ ids }) });
  const custom = (x: ExtraBatch<R>): Omit<Action, 'ids'> => ({ action: x.key, exec: x.run, doneKey: x.doneKey });

  function confirmAction(action: string, content: string, danger: boolean, run: () => Promise<unknown>) {
    modal.confirm({
      title: t('common.confirmTitle', { action }),
      content,
      okButtonProps: { danger, 'data-testid': 'crud-confirm-ok' },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      // A refusal is reported by the client (or onActionError); the dialog just closes.
      onOk: () => run().catch(() => undefined),
    });
  }

  function openEdit(record: R | 'new') {
    if (isModalForm(props.form)) setEditing(record);
    else if (props.form) navigate(record === 'new' ? props.form.addPath : props.form.editPath(record));
  }

  async function submitEdit() {
    const f = props.form as ModalForm<R>;
    const values = await readForm(editForm, f.schema, t).catch(() => null);
    if (values) save.mutate(values);
  }

  const batchKinds = BATCH_ORDER.filter((k) => props.batch?.[k] && allowed(k));
  const rowKinds = (props.rowBatch ?? ['delete']).filter((k) => props.batch?.[k] && allowed(k));
  const extras = (props.extraBatch ?? []).filter((x) => !x.perm || can(granted, x.perm));
  const rowExtras = extras.filter((x) => x.row);
  const canEdit = !!props.form && allowed('modify') && (isModalForm(props.form) ? !!props.form.update : true);
  const canSelect = batchKinds.length > 0 || extras.length > 0 || !!props.selectable;

  function rowConfirm(key: string, text: string, danger: boolean, description: string | undefined, run: () => Promise<unknown>) {
    return (
      <Popconfirm
        key={key}
        title={t('common.confirmTitle', { action: text })}
        description={description}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger, 'data-testid': 'crud-popconfirm-ok' }}
        onConfirm={() => run().catch(() => undefined)}
      >
        <Button type="link" size="small" danger={danger} data-testid={`crud-row-${key}`}>
          {text}
        </Button>
      </Popconfirm>
    );
  }

  function rowActions(r: R): ReactNode {
    const ok = (a: BatchKind | 'modify') => props.rowAllows?.(r, a) ?? true;
    const items: ReactNode[] = [];
    if (canEdit && ok('modify'))
      items.push(
        <Button key="edit" type="link" size="small" data-testid="crud-row-edit" onClick={() => openEdit(r)}>
          {t('common.edit')}
        </Button>,
      );
    const kinds = rowKinds.filter((k) => ok(k));
    const one = (k: BatchKind) =>
      rowConfirm(k, label(k), DESTRUCTIVE.includes(k), undefined, () => act.mutateAsync({ ...standard(k), ids: [r.id] }));
    for (const k of kinds.filter((k) => k !== 'delete')) items.push(one(k));
    for (const x of rowExtras.filter((x) => x.row === true || (typeof x.row === 'function' && x.row(r))))
      items.push(
        rowConfirm(x.key, t(x.labelKey), !!x.danger, x.confirmKey ? t(x.confirmKey, { n: 1 }) : undefined, () =>
          act.mutateAsync({ ...custom(x), ids: [r.id] }),
        ),
      );
    if (kinds.includes('delete')) items.push(one('delete'));
    if (props.extraRowActions) items.push(<span key="extra">{props.extraRowActions(r)}</span>);
    return <Space size={0}>{items}</Space>;
  }

  const sortOrder = (key: string) => (params.sort === key ? 'ascend' : params.sort === `-${key}` ? 'descend' : null);
  const columns: NonNullable<TableProps<R>['columns']> = props.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: t(c.titleKey),
    sorter: c.sortable ? true : undefined,
    sortOrder: c.sortable ? sortOrder(c.key) : undefined,
    width: c.width,
    ellipsis: c.ellipsis,
    render: c.render ? (_: unknown, r: R) => c.render!(r) : undefined,
  }));
  if (canEdit || rowKinds.length || rowExtras.length || props.extraRowActions) {
    columns.push({ key: '__actions', title: t('common.actions'), fixed: 'right', render: (_: unknown, r: R) => rowActions(r) });
  }

  const onChange: TableProps<R>['onChange'] = (pg, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? String(s.columnKey ?? s.field) : undefined;
    setParams((p) => ({
      ...p,
      page: pg.current ?? 1,
      size: pg.pageSize ?? p.size,
      sort: key ? (s!.order === 'descend' ? `-${key}` : key) : undefined,
    }));
  };

  const applyFilters = (values: Record<string, unknown>) => {
    setParams((p) => ({ page: 1, size: p.size, sort: p.sort, ...toQuery(props.filters, values) }));
    setSelected([]);
  };

  const filterControl = (f: FilterSpec) => {
    const testId = f.testId ?? `filter-${f.name}`;
    const placeholder = f.placeholderKey ? t(f.placeholderKey) : undefined;
    if (f.kind === 'select' || f.kind === 'boolean')
      return (
        <Select
          allowClear
          showSearch={f.searchable ? { optionFilterProp: 'label' } : undefined}
          style={{ width: f.width ?? 160 }}
          data-testid={testId}
          placeholder={placeholder}
          options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label ?? t(o.labelKey) }))}
        />
      );
    if (f.kind === 'daterange') return <DatePicker.RangePicker data-testid={testId} style={f.width ? { width: f.width } : undefined} />;
    return <Input allowClear data-testid={testId} placeholder={placeholder} style={f.width ? { width: f.width } : undefined} />;
  };

  const modalForm = isModalForm(props.form) ? props.form : null;

  const main = (
    <>
      {props.filters?.length ? (
        <Form
          form={filterForm}
          layout="inline"
          initialValues={props.defaultFilters}
          onFinish={applyFilters}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          {props.filters.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(f.labelKey)}>
              {filterControl(f)}
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
                  filterForm.resetFields();
                  applyFilters(props.defaultFilters ?? {});
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : null}
      <Space style={{ marginBottom: 16 }} wrap>
        {props.form && allowed('add') && (isModalForm(props.form) ? !!props.form.create : true) ? (
          <Button type="primary" data-testid="crud-add" onClick={() => openEdit('new')}>
            {t('common.add')}
          </Button>
        ) : null}
        {batchKinds.map((k) => (
          <Button
            key={k}
            danger={DESTRUCTIVE.includes(k)}
            disabled={!selected.length}
            data-testid={`crud-batch-${k}`}
            onClick={() =>
              confirmAction(label(k), t('common.confirmCount', { n: selected.length }), DESTRUCTIVE.includes(k), () =>
                act.mutateAsync({ ...standard(k), ids: selected }),
              )
            }
          >
            {label(k)}
          </Button>
        ))}
        {extras.map((x) => (
          <Button
            key={x.key}
            danger={x.danger}
            disabled={!selected.length}
            data-testid={`crud-batch-${x.key}`}
            onClick={() =>
              confirmAction(t(x.labelKey), t(x.confirmKey ?? 'common.confirmCount', { n: selected.length }), !!x.danger, () =>
                act.mutateAsync({ ...custom(x), ids: selected }),
              )
            }
          >
            {t(x.labelKey)}
          </Button>
        ))}
        {props.toolbar ? (
          // One flex row, so a toolbar component's several buttons line up with the others.
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {props.toolbar({
          selected,
          selectedRows: rowsOf(selected),
          params: queryParams,
          refresh: () => void invalidate(),
          clearSelection: () => setSelected([]),
              deselect,
            })}
          </span>
        ) : null}
        {props.exportFile && allowed('export') ? (
          <Button data-testid="crud-batch-export" loading={exporting.isPending} onClick={() => exporting.mutate()}>
            {t('common.export')}
          </Button>
        ) : null}
        {selected.length ? <span>{t('common.selectedCount', { n: selected.length })}</span> : null}
      </Space>
      <Table<R>
        rowKey="id"
        loading={query.isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        rowSelection={
          canSelect
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => {
                  for (const r of rows) if (r) seen.current.set(r.id, r);
                  setSelected(keys as number[]);
                },
              }
            : undefined
        }
        pagination={{
          current: params.page,
          pageSize: params.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('common.total', { n }),
        }}
      />
    </>
  );

  return (
    <Card data-testid={props.testId ?? 'crud-page'}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(props.titleKey)}
      </Typography.Title>
      {props.side ? (
        <Row gutter={16} wrap={false}>
          <Col flex={`${props.sideWidth ?? 260}px`} style={{ borderRight: '1px solid rgba(5,5,5,0.06)', minWidth: 0 }}>
            {props.side}
          </Col>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {main}
          </Col>
        </Row>
      ) : (
        main
      )}
      {modalForm ? (
        <Modal
          open={editing !== null}
          destroyOnHidden
          title={t(editing === 'new' ? 'common.add' : 'common.edit')}
          okText={t('common.save')}
          cancelText={t('common.cancel')}
          okButtonProps={{ loading: save.isPending, 'data-testid': 'crud-form-submit' }}
          onOk={submitEdit}
          onCancel={() => setEditing(null)}
        >
          <SchemaForm
            form={editForm}
            schema={modalForm.schema}
            fields={modalForm.fields}
            testId="crud-form"
            initialValues={
              editing && editing !== 'new'
                ? (modalForm.toValues?.(editing) ?? (editing as unknown as Record<string, unknown>))
                : modalForm.defaults
            }
          />
        </Modal>
      ) : null}
    </Card>
  );
}
