import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveDownload } from '../api/client';
import { can } from '../permission';
import { useSession } from '../session';
import { SchemaForm, readForm } from './SchemaForm';
import { showSaveError } from '../forms/server-errors';
import { DESTRUCTIVE, type BatchKind, type CrudPageProps, type ListParams, type ModalForm, type PageForm } from './types';

const BATCH_ORDER: readonly BatchKind[] = ['publish', 'unpublish', 'freeze', 'unfreeze', 'delete'];

function isModalForm<R>(f: ModalForm<R> | PageForm<R> | undefined): f is ModalForm<R> {
  return !!f && 'schema' in f;
}

/**
 * The management list kernel: filters, paged sortable table, row selection with batch
 * actions, add/edit in a modal or on its own page, confirmations on destructive actions.
 */
export function CrudPage<R extends { id: number }>(props: CrudPageProps<R>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const granted = useSession((s) => s.operateAuth);
  const allowed = (k: BatchKind | 'add' | 'modify' | 'export') => !props.perms?.[k] || can(granted, props.perms[k]!);

  const [params, setParams] = useState<ListParams>({ page: 1, size: props.defaultSize ?? 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [filterForm] = Form.useForm();
  const [editForm] = Form.useForm();

  const query = useQuery({
    queryKey: [props.queryKey, params],
    queryFn: () => props.fetch(params),
    placeholderData: keepPreviousData,
  });

  const invalidate = () => qc.invalidateQueries({ queryKey: [props.queryKey] });

  const batchRun = useMutation({
    mutationFn: ({ kind, ids }: { kind: BatchKind; ids: number[] }) => props.batch![kind]!({ ids }),
    onSuccess: async () => {
      message.success(t('common.done'));
      setSelected([]);
      await invalidate();
    },
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

  const label = (k: BatchKind) => t(props.labels?.[k] ?? `common.${k}`);

  function confirmAction(action: string, n: number, danger: boolean, run: () => Promise<unknown>) {
    modal.confirm({
      title: t('common.confirmTitle', { action }),
      content: t('common.confirmCount', { n }),
      okButtonProps: { danger, 'data-testid': 'crud-confirm-ok' },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      // A refusal is reported by the client; the dialog just closes.
      onOk: () => run().catch(() => undefined),
    });
  }

  function confirmBatch(kind: BatchKind, ids: number[]) {
    confirmAction(label(kind), ids.length, DESTRUCTIVE.includes(kind), () => batchRun.mutateAsync({ kind, ids }));
  }

  const extraRun = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      message.success(t('common.done'));
      setSelected([]);
      await invalidate();
    },
  });

  async function exportList() {
    if (!props.exportFile) return;
    saveDownload(await props.exportFile(params));
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
  const canEdit = !!props.form && allowed('modify') && (isModalForm(props.form) ? !!props.form.update : true);

  const columns = useMemo<TableProps<R>['columns']>(() => {
    const cols: NonNullable<TableProps<R>['columns']> = props.columns.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(c.titleKey),
      sorter: c.sortable ? true : undefined,
      width: c.width,
      render: c.render ? (_: unknown, r: R) => c.render!(r) : undefined,
    }));
    if (canEdit || rowKinds.length || props.extraRowActions) {
      cols.push({
        key: '__actions',
        title: t('common.actions'),
        fixed: 'right',
        render: (_: unknown, r: R) => {
          const ok = (a: BatchKind | 'modify') => props.rowAllows?.(r, a) ?? true;
          const items: ReactNode[] = [];
          if (canEdit && ok('modify'))
            items.push(
              <Button key="edit" type="link" size="small" data-testid="crud-row-edit" onClick={() => openEdit(r)}>
                {t('common.edit')}
              </Button>,
            );
          for (const k of rowKinds.filter((k) => ok(k))) {
            items.push(
              <Popconfirm
                key={k}
                title={t('common.confirmTitle', { action: label(k) })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: DESTRUCTIVE.includes(k), 'data-testid': 'crud-popconfirm-ok' }}
                onConfirm={() => batchRun.mutateAsync({ kind: k, ids: [r.id] }).catch(() => undefined)}
              >
                <Button type="link" size="small" danger={DESTRUCTIVE.includes(k)} data-testid={`crud-row-${k}`}>
                  {label(k)}
                </Button>
              </Popconfirm>,
            );
          }
          if (props.extraRowActions) items.push(<span key="extra">{props.extraRowActions(r)}</span>);
          return <Space size={0}>{items}</Space>;
        },
      });
    }
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.columns, t, canEdit, rowKinds.join(), granted]);

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
    const clean = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    setParams((p) => ({ page: 1, size: p.size, sort: p.sort, ...clean }));
    setSelected([]);
  };

  const modalForm = isModalForm(props.form) ? props.form : null;
  const data = query.data;

  return (
    <Card data-testid={props.testId ?? 'crud-page'}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(props.titleKey)}
      </Typography.Title>
      {props.filters?.length ? (
        <Form form={filterForm} layout="inline" onFinish={applyFilters} style={{ marginBottom: 16, rowGap: 8 }}>
          {props.filters.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(f.labelKey)}>
              {f.kind === 'select' ? (
                <Select
                  allowClear
                  style={{ width: 160 }}
                  data-testid={f.testId ?? `filter-${f.name}`}
                  options={(f.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }))}
                />
              ) : (
                <Input allowClear data-testid={f.testId ?? `filter-${f.name}`} />
              )}
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
                  applyFilters({});
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
            onClick={() => confirmBatch(k, selected)}
          >
            {label(k)}
          </Button>
        ))}
        {(props.extraBatch ?? [])
          .filter((x) => !x.perm || can(granted, x.perm))
          .map((x) => (
            <Button
              key={x.key}
              danger={x.danger}
              disabled={!selected.length}
              data-testid={`crud-batch-${x.key}`}
              onClick={() => confirmAction(t(x.labelKey), selected.length, !!x.danger, () => extraRun.mutateAsync(() => x.run(selected)))}
            >
              {t(x.labelKey)}
            </Button>
          ))}
        {props.exportFile && allowed('export') ? (
          <Button data-testid="crud-batch-export" onClick={exportList}>
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
          batchKinds.length ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        pagination={{
          current: params.page,
          pageSize: params.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('common.total', { n }),
        }}
      />
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
