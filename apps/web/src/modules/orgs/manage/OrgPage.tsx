import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Form, Input, Row, Space, Spin, Tag, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, ORG_LIFECYCLE, OrgInsertSchema, type OrgNode } from '@hanlin/shared';
import { ContextTree, type OrgTreeAction, type TreeAction } from '../../../platform/components/ContextTree';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { ApiError } from '../../../platform/api/client';
import { useSession } from '../../../platform/session';
import { can } from '../../../platform/permission';
import { formatTime } from '../../../platform/format';
import { LifecycleTag } from '../../../platform/lifecycle';
import { showSaveError } from '../../../platform/forms/server-errors';
import { deleteOrg, freezeOrgs, getOrgById, getOrgTree, getOrgTreeByName, insertOrg, sortOrg, unfreezeOrgs, updateOrg } from '../api';
import { LeaderSelect } from '../components/LeaderSelect';

type Action = OrgTreeAction | Extract<TreeAction, 'insertAbove' | 'insertBelow'>;

/** What the side panel shows: an organization, or the form of a new one. */
type Panel =
  | { kind: 'none' }
  | { kind: 'view'; id: number }
  | { kind: 'edit'; id: number }
  | { kind: 'new'; parentId: number; place?: { position: 'above' | 'below'; targetId: number } };

const FormSchema = OrgInsertSchema.pick({ name: true, code: true, sort: true, leaderIds: true });

function StatusTag({ status }: { status: string }) {
  return <LifecycleTag lifecycle={ORG_LIFECYCLE} state={status} />;
}

function index(nodes: readonly OrgNode[], out = new Map<number, OrgNode>()): Map<number, OrgNode> {
  for (const n of nodes) {
    out.set(n.id, n);
    index(n.children, out);
  }
  return out;
}

/** Organizations (`manage-affiliation`, code zzjg): the tree with its right-click menu and a side form. */
export default function OrgPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const granted = useSession((s) => s.operateAuth);
  const mayAdd = can(granted, 'zzjg:add');
  const mayModify = can(granted, 'zzjg:modify');
  const mayDelete = can(granted, 'zzjg:delete');

  const [search, setSearch] = useState('');
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [form] = Form.useForm();

  const tree = useQuery({
    queryKey: ['org', 'tree', search],
    queryFn: () => (search ? getOrgTreeByName({ name: search }) : getOrgTree({ maxDepth: CONSTANTS.TREE_LEVELS_DEFAULT })),
    placeholderData: keepPreviousData,
  });
  const byId = useMemo(() => index(tree.data ?? []), [tree.data]);

  // Roots open by default; a search opens every match's path.
  useEffect(() => {
    if (!tree.data) return;
    setExpanded((prev) => (search ? [...byId.keys()] : prev.length ? prev : tree.data.map((n) => n.id)));
  }, [tree.data, byId, search]);

  const selectedId = panel.kind === 'view' || panel.kind === 'edit' ? panel.id : null;
  const detail = useQuery({ queryKey: ['org', 'one', selectedId], queryFn: () => getOrgById({ id: selectedId! }), enabled: !!selectedId });

  const refresh = () => qc.invalidateQueries({ queryKey: ['org'] });

  const treeData = useMemo<TreeDataNode[]>(() => {
    const map = (nodes: readonly OrgNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <Space size={4}>
            <span>{n.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              ({n.userCount})
            </Typography.Text>
            {n.status === 'frozen' ? <StatusTag status={n.status} /> : null}
          </Space>
        ),
        children: map(n.children),
      }));
    return map(tree.data ?? []);
  }, [tree.data]);

  const actions = useMemo(() => {
    const list: Action[] = [];
    if (mayAdd) list.push('addOrg');
    if (mayModify) list.push('amendOrg');
    if (mayAdd && mayModify) list.push('insertAbove', 'insertBelow');
    if (mayDelete) list.push('deleteOrg');
    return list;
  }, [mayAdd, mayModify, mayDelete]);

  const remove = useMutation({
    mutationFn: (id: number) => deleteOrg({ id }),
    onSuccess: async () => {
      message.success(t('common.done'));
      setPanel({ kind: 'none' });
      await refresh();
    },
  });

  function confirmDelete(id: number) {
    const node = byId.get(id);
    modal.confirm({
      title: t('org.deleteTitle', { name: node?.name ?? '' }),
      content: t('org.deleteHint'),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'org-delete-ok' },
      onOk: () =>
        remove.mutateAsync(id).catch((e: unknown) => {
          // The server refuses an organization in use (users, sub-organizations, lecturers).
          modal.error({ title: t('org.deleteRefused'), content: e instanceof ApiError ? e.text : String(e), okText: t('common.confirm') });
        }),
    });
  }

  function onAction(action: Action, node: TreeDataNode) {
    const id = Number(node.key);
    const org = byId.get(id);
    if (!org) return;
    switch (action) {
      case 'addOrg':
        setPanel({ kind: 'new', parentId: id });
        setExpanded((e) => (e.includes(id) ? e : [...e, id]));
        break;
      case 'amendOrg':
        setPanel({ kind: 'edit', id });
        break;
      case 'insertAbove':
      case 'insertBelow':
        if (org.parentId == null) {
          message.warning(t('org.rootNoSibling'));
          return;
        }
        setPanel({ kind: 'new', parentId: org.parentId, place: { position: action === 'insertAbove' ? 'above' : 'below', targetId: id } });
        break;
      case 'deleteOrg':
        confirmDelete(id);
        break;
    }
  }

  const save = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      const body = { name: values.name as string, code: (values.code as string | undefined) ?? null, sort: values.sort as number | undefined, leaderIds: (values.leaderIds as number[] | undefined) ?? [] };
      if (panel.kind === 'edit') {
        await updateOrg({ id: panel.id, ...body });
        return panel.id;
      }
      if (panel.kind !== 'new') return null;
      const { id } = await insertOrg({ parentId: panel.parentId, ...body });
      if (panel.place) await sortOrg({ id, ...panel.place });
      return id;
    },
    onSuccess: async (id) => {
      message.success(t('common.saved'));
      await refresh();
      if (id) setPanel({ kind: 'view', id });
    },
    onError: (e) => showSaveError(form, e),
  });

  const status = useMutation({
    mutationFn: ({ id, freeze }: { id: number; freeze: boolean }) => (freeze ? freezeOrgs({ ids: [id] }) : unfreezeOrgs({ ids: [id] })),
    onSuccess: async () => {
      message.success(t('common.done'));
      await refresh();
    },
  });

  const onDrop: TreeProps['onDrop'] = (info) => {
    const id = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    if (id === targetId) return;
    const run = async () => {
      if (!info.dropToGap) {
        await updateOrg({ id, parentId: targetId }).catch((e: unknown) => {
          message.error(e instanceof ApiError ? e.text : String(e));
          throw e;
        });
      } else {
        // dropPosition is relative to the whole list; -1 means "before the target".
        const rel = info.dropPosition - Number(String(info.node.pos).split('-').pop());
        await sortOrg({ id, targetId, position: rel < 0 ? 'above' : 'below' });
      }
      message.success(t('common.done'));
      await refresh();
    };
    modal.confirm({
      title: t('org.moveTitle'),
      content: t('org.moveConfirm', { name: byId.get(id)?.name ?? '', target: byId.get(targetId)?.name ?? '' }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => run().catch(() => undefined),
    });
  };

  const editing = panel.kind === 'edit' || panel.kind === 'new';
  const initial = useMemo<Record<string, unknown>>(() => {
    if (panel.kind === 'edit' && detail.data)
      return { name: detail.data.name, code: detail.data.code, sort: detail.data.sort, leaderIds: detail.data.leaders.map((l) => l.id) };
    return { sort: 0, leaderIds: [] };
  }, [panel.kind, detail.data]);

  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', labelKey: 'org.name', testId: 'org-form-name' },
      { name: 'code', labelKey: 'org.code', testId: 'org-form-code' },
      {
        name: 'leaderIds',
        labelKey: 'org.leaders',
        extraKey: 'org.leadersHint',
        control: <LeaderSelect testId="org-form-leaders" initial={panel.kind === 'edit' ? (detail.data?.leaders ?? []) : []} />,
      },
      { name: 'sort', labelKey: 'org.sort', kind: 'number', testId: 'org-form-sort' },
    ],
    [panel.kind, detail.data],
  );

  async function submit() {
    const v = await readForm(form, FormSchema, t).catch(() => null);
    if (v) save.mutate(v);
  }

  const parentName = panel.kind === 'new' ? byId.get(panel.parentId)?.name : detail.data?.parentName;
  const d = detail.data;

  return (
    <Card data-testid="org-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('perm.zzjg')}
      </Typography.Title>
      <Row gutter={24}>
        <Col xs={24} md={10} lg={9}>
          <Input.Search
            allowClear
            placeholder={t('org.searchByName')}
            data-testid="org-search"
            onSearch={(v) => setSearch(v.trim())}
            style={{ marginBottom: 12 }}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
            {t('org.treeHint')}
          </Typography.Paragraph>
          <Spin spinning={tree.isFetching}>
            <div data-testid="org-tree" style={{ maxHeight: 'calc(100vh - 300px)', overflow: 'auto', minHeight: 200 }}>
              {tree.data && !tree.data.length ? (
                <Empty />
              ) : (
                <ContextTree<Action>
                  variant="org"
                  actions={actions}
                  treeData={treeData}
                  onAction={onAction}
                  expandedKeys={expanded}
                  onExpand={(keys) => setExpanded(keys)}
                  selectedKeys={selectedId ? [selectedId] : []}
                  onSelect={(keys) => setPanel(keys.length ? { kind: 'view', id: Number(keys[0]) } : { kind: 'none' })}
                  draggable={mayModify && !search ? { icon: false } : false}
                  onDrop={onDrop}
                />
              )}
            </div>
          </Spin>
        </Col>
        <Col xs={24} md={14} lg={15}>
          {panel.kind === 'none' ? (
            <Empty description={t('org.pickHint')} />
          ) : editing ? (
            <Card
              size="small"
              title={t(panel.kind === 'new' ? 'org.addTitle' : 'org.editTitle')}
              data-testid="org-form"
              extra={parentName ? <span>{t('org.parentIs', { name: parentName })}</span> : null}
            >
              {panel.kind === 'edit' && detail.isLoading ? (
                <Spin />
              ) : (
                <SchemaForm form={form} schema={FormSchema} fields={fields} initialValues={initial} testId="org-form-body" />
              )}
              {panel.kind === 'new' && panel.place ? (
                <Typography.Paragraph type="secondary">
                  {t(panel.place.position === 'above' ? 'org.placeAbove' : 'org.placeBelow', { name: byId.get(panel.place.targetId)?.name ?? '' })}
                </Typography.Paragraph>
              ) : null}
              <Space>
                <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="org-form-submit">
                  {t('common.save')}
                </Button>
                <Button
                  onClick={() => setPanel(panel.kind === 'edit' ? { kind: 'view', id: panel.id } : { kind: 'none' })}
                  data-testid="org-form-cancel"
                >
                  {t('common.cancel')}
                </Button>
              </Space>
            </Card>
          ) : (
            <Card
              size="small"
              title={d?.name ?? ''}
              data-testid="org-detail"
              loading={detail.isLoading}
              extra={
                d ? (
                  <Space wrap>
                    {mayAdd ? (
                      <Button size="small" onClick={() => setPanel({ kind: 'new', parentId: d.id })} data-testid="org-add-child">
                        {t('tree.addOrg')}
                      </Button>
                    ) : null}
                    {d.abilities.modify ? (
                      <Button size="small" type="primary" onClick={() => setPanel({ kind: 'edit', id: d.id })} data-testid="org-edit">
                        {t('tree.amendOrg')}
                      </Button>
                    ) : null}
                    {/* The server's abilities: the root never freezes. */}
                    {d.abilities.freeze || d.abilities.unfreeze ? (
                      <Button
                        size="small"
                        danger={!d.abilities.unfreeze}
                        loading={status.isPending}
                        data-testid={d.abilities.unfreeze ? 'org-unfreeze' : 'org-freeze'}
                        onClick={() =>
                          modal.confirm({
                            title: t('common.confirmTitle', { action: t(d.abilities.unfreeze ? 'common.unfreeze' : 'common.freeze') }),
                            content: d.abilities.unfreeze ? undefined : t('org.freezeHint'),
                            okText: t('common.confirm'),
                            cancelText: t('common.cancel'),
                            okButtonProps: { danger: !d.abilities.unfreeze, 'data-testid': 'org-status-ok' },
                            onOk: () => status.mutateAsync({ id: d.id, freeze: !d.abilities.unfreeze }),
                          })
                        }
                      >
                        {t(d.abilities.unfreeze ? 'common.unfreeze' : 'common.freeze')}
                      </Button>
                    ) : null}
                    {/* The server's abilities: the root and organizations in use are not deleted. */}
                    {d.abilities.delete ? (
                      <Button size="small" danger onClick={() => confirmDelete(d.id)} data-testid="org-delete">
                        {t('common.delete')}
                      </Button>
                    ) : null}
                  </Space>
                ) : null
              }
            >
              {d ? (
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('org.name')}>{d.name}</Descriptions.Item>
                  <Descriptions.Item label={t('org.code')}>{d.code ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('org.parent')}>{d.parentName ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('org.leaders')}>
                    {d.leaders.length ? d.leaders.map((l) => <Tag key={l.id}>{`${l.realname} (${l.username})`}</Tag>) : '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('org.userCount')}>{byId.get(d.id)?.userCount ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('org.sort')}>{d.sort}</Descriptions.Item>
                  <Descriptions.Item label={t('common.status')}>
                    <StatusTag status={d.status} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('common.createdAt')}>{formatTime(d.createdAt)}</Descriptions.Item>
                </Descriptions>
              ) : null}
            </Card>
          )}
        </Col>
      </Row>
    </Card>
  );
}
