import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Dropdown, Form, Input, Modal, Popconfirm, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { USER_SORT_KEYS, USER_STATUSES, type UserRow } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { formatTime } from '../../../platform/format';
import { can } from '../../../platform/permission';
import { useSession } from '../../../platform/session';
import { OrgFilterTree } from '../../orgs/components/OrgFilterTree';
import { OrgTreeSelect } from '../../orgs/components/OrgTreeSelect';
import type { UserQuery } from '../api';
import type { PeopleConfig } from '../people-kinds';
import { beyondOf, errorText } from './beyond';
import { ImportDialog } from './ImportDialog';

type Batch = 'delete' | 'freeze' | 'unfreeze' | 'resetPassword';
const DESTRUCTIVE: readonly Batch[] = ['delete', 'freeze', 'resetPassword'];

export function UserStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'frozen' ? 'red' : 'green'} data-testid={`user-status-${status}`}>
      {t(`user.status_${status}`, { defaultValue: status })}
    </Tag>
  );
}

const sortable = (k: string) => (USER_SORT_KEYS as readonly string[]).includes(k);

/**
 * The user page and the student page: organization tree on the left, filters, paged sortable
 * table, batch freeze/unfreeze/reset password/department/delete, Excel template, import and export.
 */
export function PeopleListPage({ cfg }: { cfg: PeopleConfig }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const granted = useSession((s) => s.operateAuth);
  const may = (action: string) => can(granted, `${cfg.menu}:${action}`);
  const tid = (s: string) => `${cfg.prefix}-${s}`;

  const [params, setParams] = useState<UserQuery>({ page: 1, size: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [deptOpen, setDeptOpen] = useState(false);
  const [deptOrg, setDeptOrg] = useState<number | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [filterForm] = Form.useForm();

  const query = useQuery({
    queryKey: [cfg.prefix, params],
    queryFn: () => cfg.api.find(params),
    placeholderData: keepPreviousData,
  });
  const invalidate = () => qc.invalidateQueries({ queryKey: [cfg.prefix] });

  const runners: Record<Batch, (ids: number[]) => Promise<unknown>> = {
    delete: (ids) => cfg.api.remove({ ids }),
    freeze: (ids) => cfg.api.freeze({ ids }),
    unfreeze: (ids) => cfg.api.unfreeze({ ids }),
    resetPassword: (ids) => cfg.api.resetPassword({ ids }),
  };

  const batch = useMutation({
    mutationFn: ({ kind, ids }: { kind: Batch; ids: number[] }) => runners[kind](ids),
    onSuccess: async (_d, { kind }) => {
      message.success(t(kind === 'resetPassword' ? 'user.resetDone' : 'common.done'));
      setSelected([]);
      await invalidate();
    },
    onError: (e, { kind, ids }) => offerReplace(e, ids, (rest) => batch.mutate({ kind, ids: rest })),
  });

  /** Spec: people beyond the administrator's authority trigger a replace prompt. */
  function offerReplace(e: unknown, ids: number[], retry: (rest: number[]) => void) {
    const beyond = beyondOf(e);
    if (!beyond) {
      message.error(errorText(e));
      return;
    }
    const rest = ids.filter((id) => !beyond.includes(id));
    const names = (query.data?.records ?? []).filter((r) => beyond.includes(r.id)).map((r) => r.realname);
    modal.confirm({
      title: t('user.beyondTitle'),
      content: t(rest.length ? 'user.beyondReplace' : 'user.beyondNone', { n: beyond.length, names: names.join('、') || beyond.join(', ') }),
      okText: t(rest.length ? 'user.replace' : 'common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'user-replace-ok' },
      onOk: () => {
        if (rest.length) retry(rest);
        else setSelected((s) => s.filter((id) => !beyond.includes(id)));
      },
    });
  }

  const label = (k: Batch) => t(k === 'resetPassword' ? 'user.resetPassword' : `common.${k}`);

  function confirmBatch(kind: Batch, ids: number[]) {
    modal.confirm({
      title: t('common.confirmTitle', { action: label(kind) }),
      content: kind === 'resetPassword' ? t('user.resetHint', { n: ids.length }) : t('common.confirmCount', { n: ids.length }),
      okButtonProps: { danger: DESTRUCTIVE.includes(kind), 'data-testid': 'crud-confirm-ok' },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => batch.mutateAsync({ kind, ids }).catch(() => undefined),
    });
  }

  const dept = useMutation({
    mutationFn: ({ ids, orgId }: { ids: number[]; orgId: number }) => cfg.api.batchDepartment({ ids, orgId }),
    onSuccess: async () => {
      message.success(t('common.done'));
      setDeptOpen(false);
      setDeptOrg(null);
      setSelected([]);
      await invalidate();
      await qc.invalidateQueries({ queryKey: ['org'] });
    },
    onError: (e, { ids, orgId }) => offerReplace(e, ids, (rest) => dept.mutate({ ids: rest, orgId })),
  });

  const exporting = useMutation({
    mutationFn: () => {
      const { page: _p, size: _s, ...filters } = params;
      return cfg.api.exportList(filters);
    },
    onSuccess: (file) => saveDownload(file),
  });

  const columns = useMemo<TableProps<UserRow>['columns']>(() => {
    const rowActions = (r: UserRow): ReactNode[] => {
      const items: ReactNode[] = [];
      if (may('modify'))
        items.push(
          <Button key="edit" type="link" size="small" data-testid="crud-row-edit" onClick={() => void navigate(`${cfg.editPath}?id=${r.id}`)}>
            {t('common.edit')}
          </Button>,
        );
      const pop = (k: Batch) => (
        <Popconfirm
          key={k}
          title={t('common.confirmTitle', { action: label(k) })}
          description={k === 'resetPassword' ? t('user.resetHint', { n: 1 }) : undefined}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: DESTRUCTIVE.includes(k), 'data-testid': 'crud-popconfirm-ok' }}
          onConfirm={() => batch.mutateAsync({ kind: k, ids: [r.id] }).catch(() => undefined)}
        >
          <Button type="link" size="small" danger={DESTRUCTIVE.includes(k)} data-testid={`crud-row-${k}`}>
            {label(k)}
          </Button>
        </Popconfirm>
      );
      if (may('freeze')) items.push(pop(r.status === 'frozen' ? 'unfreeze' : 'freeze'));
      if (may('modify')) items.push(pop('resetPassword'));
      if (may('delete')) items.push(pop('delete'));
      return items;
    };
    return [
      { key: 'cardNumber', dataIndex: 'cardNumber', title: t(cfg.cardKey) },
      {
        key: 'username',
        dataIndex: 'username',
        title: t('user.username'),
        sorter: sortable('username'),
        render: (_: unknown, r: UserRow) => <span data-testid={tid('row-username')}>{r.username}</span>,
      },
      { key: 'realname', dataIndex: 'realname', title: t('user.realname'), sorter: sortable('realname') },
      { key: 'orgName', dataIndex: 'orgName', title: t('user.org') },
      { key: 'post', dataIndex: 'post', title: t('user.post') },
      { key: 'phone', dataIndex: 'phone', title: t('user.phone') },
      { key: 'email', dataIndex: 'email', title: t('user.email') },
      { key: 'roles', dataIndex: 'roles', title: t('user.roles'), render: (_: unknown, r: UserRow) => r.roles.map((x) => <Tag key={x}>{x}</Tag>) },
      { key: 'status', dataIndex: 'status', title: t('common.status'), render: (_: unknown, r: UserRow) => <UserStatusTag status={r.status} /> },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('common.createdAt'),
        sorter: sortable('createdAt'),
        render: (_: unknown, r: UserRow) => formatTime(r.createdAt),
      },
      {
        key: '__actions',
        title: t('common.actions'),
        fixed: 'right' as const,
        render: (_: unknown, r: UserRow) => <Space size={0}>{rowActions(r)}</Space>,
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, granted, cfg]);

  const onChange: TableProps<UserRow>['onChange'] = (pg, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? String(s.columnKey ?? s.field) : undefined;
    setParams((p) => ({ ...p, page: pg.current ?? 1, size: pg.pageSize ?? p.size, sort: key ? (s!.order === 'descend' ? `-${key}` : key) : undefined }));
  };

  const applyFilters = (values: Record<string, unknown>) => {
    const clean = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    setParams((p) => ({ page: 1, size: p.size, sort: p.sort, orgId: p.orgId, ...clean }));
    setSelected([]);
  };

  const batchKinds = (['freeze', 'unfreeze', 'resetPassword', 'delete'] as const).filter((k) =>
    k === 'resetPassword' ? may('modify') : k === 'unfreeze' ? may('freeze') : may(k),
  );
  const canSelect = batchKinds.length > 0 || may('batch');
  const data = query.data;

  return (
    <Card data-testid={tid('page')}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(`perm.${cfg.menu}`)}
      </Typography.Title>
      <Row gutter={16} wrap={false}>
        <Col flex="260px" style={{ borderRight: '1px solid rgba(5,5,5,0.06)', minWidth: 0 }}>
          <OrgFilterTree
            testId={tid('org-tree')}
            value={params.orgId}
            onChange={(orgId) => {
              setParams((p) => ({ ...p, page: 1, orgId }));
              setSelected([]);
            }}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Form form={filterForm} layout="inline" onFinish={applyFilters} style={{ marginBottom: 16, rowGap: 8 }}>
            <Form.Item name="keyword" label={t('common.keyword')}>
              <Input allowClear data-testid="filter-keyword" placeholder={t('user.keywordHint')} />
            </Form.Item>
            <Form.Item name="status" label={t('common.status')}>
              <Select
                allowClear
                style={{ width: 140 }}
                data-testid="filter-status"
                options={USER_STATUSES.map((s) => ({ value: s, label: t(`user.status_${s}`) }))}
              />
            </Form.Item>
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
          <Space style={{ marginBottom: 16 }} wrap>
            {may('add') ? (
              <Button type="primary" data-testid="crud-add" onClick={() => void navigate(cfg.editPath)}>
                {t('common.add')}
              </Button>
            ) : null}
            {batchKinds.map((k) => (
              <Button key={k} danger={k === 'delete'} disabled={!selected.length} data-testid={`crud-batch-${k}`} onClick={() => confirmBatch(k, selected)}>
                {label(k)}
              </Button>
            ))}
            {may('batch') ? (
              <Button disabled={!selected.length} data-testid={tid('batch-department')} onClick={() => setDeptOpen(true)}>
                {t('user.batchDepartment')}
              </Button>
            ) : null}
            {may('import') ? (
              <Dropdown.Button
                data-testid={tid('import')}
                onClick={() => setImportOpen(true)}
                menu={{
                  items: [{ key: 'template', label: <span data-testid={tid('template')}>{t('user.downloadTemplate')}</span> }],
                  onClick: () => void cfg.api.template().then(saveDownload),
                }}
              >
                {t('user.import')}
              </Dropdown.Button>
            ) : null}
            {may('export') ? (
              <Button data-testid="crud-batch-export" loading={exporting.isPending} onClick={() => exporting.mutate()}>
                {t('common.export')}
              </Button>
            ) : null}
            {selected.length ? <span>{t('common.selectedCount', { n: selected.length })}</span> : null}
          </Space>
          <Table<UserRow>
            rowKey="id"
            loading={query.isFetching}
            columns={columns}
            dataSource={data?.records ?? []}
            onChange={onChange}
            scroll={{ x: 'max-content' }}
            rowSelection={canSelect ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true } : undefined}
            pagination={{
              current: params.page,
              pageSize: params.size,
              total: data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (n) => t('common.total', { n }),
            }}
          />
        </Col>
      </Row>
      <Modal
        open={deptOpen}
        destroyOnHidden
        title={t('user.batchDepartment')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !deptOrg, loading: dept.isPending, 'data-testid': tid('department-ok') }}
        onOk={() => deptOrg && dept.mutate({ ids: selected, orgId: deptOrg })}
        onCancel={() => setDeptOpen(false)}
      >
        <Typography.Paragraph>{t('user.batchDepartmentHint', { n: selected.length })}</Typography.Paragraph>
        <OrgTreeSelect testId={tid('department-org')} value={deptOrg} onChange={(v) => setDeptOrg((v as number | null) ?? null)} />
      </Modal>
      <ImportDialog
        open={importOpen}
        cfg={cfg}
        onClose={(imported) => {
          setImportOpen(false);
          if (imported) void invalidate().then(() => qc.invalidateQueries({ queryKey: ['org'] }));
        }}
      />
    </Card>
  );
}
