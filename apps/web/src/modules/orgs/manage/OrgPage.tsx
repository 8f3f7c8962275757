import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Form, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_LIFECYCLE, OrgInsertSchema, type OrgNode } from '@hanlin/shared';
import { TreePage, type TreeEdit } from '../../../platform/components/TreePage';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { ApiError } from '../../../platform/api/client';
import { useSession } from '../../../platform/session';
import { can } from '../../../platform/permission';
import { formatTime } from '../../../platform/format';
import { LifecycleTag } from '../../../platform/lifecycle';
import { showSaveError } from '../../../platform/forms/server-errors';
import { deleteOrg, freezeOrgs, getOrgById, getOrgTree, getOrgTreeByName, insertOrg, moveOrg, sortOrg, unfreezeOrgs, updateOrg } from '../api';
import { LeaderSelect } from '../components/LeaderSelect';
import { useFeedback } from '../../../platform/feedback';
import { BuiltinName } from '../../../platform/builtin';

/** Adding, amending and inserting go through the side form (onEdit); the tree does the rest. */
const API = {
  load: () => getOrgTree(),
  search: getOrgTreeByName,
  remove: deleteOrg,
  sort: sortOrg,
  move: moveOrg,
};
const TEXTS = {
  search: 'org.searchByName',
  hint: 'org.treeHint',
  deleteTitle: 'org.deleteTitle',
  deleteHint: 'org.deleteHint',
  refused: 'org.deleteRefused',
  rootNoSibling: 'org.rootNoSibling',
  moveTitle: 'org.moveTitle',
  moveConfirm: 'org.moveConfirm',
};

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
  const { message, modal } = useFeedback();
  const qc = useQueryClient();
  const granted = useSession((s) => s.operateAuth);
  const mayAdd = can(granted, 'zzjg:add');
  const mayModify = can(granted, 'zzjg:modify');
  const mayDelete = can(granted, 'zzjg:delete');

  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [form] = Form.useForm();

  // The same query as the tree's default view (shared cache): counts and names for the side panel.
  const tree = useQuery({ queryKey: ['org', 'tree', ''], queryFn: () => getOrgTree() });
  const byId = useMemo(() => index(tree.data ?? []), [tree.data]);

  const selectedId = panel.kind === 'view' || panel.kind === 'edit' ? panel.id : null;

  const renderTitle = useCallback(
    (n: OrgNode) => (
      <Space size={4}>
        <span>
          <BuiltinName text={n.name} />
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          ({n.userCount})
        </Typography.Text>
        {n.status === 'frozen' ? <Tag color="red">{t('org.status_frozen')}</Tag> : null}
      </Space>
    ),
    [t],
  );

  /** The right-click menu's add / amend / insert open the side form. */
  const onEdit = (e: TreeEdit<OrgNode>) => {
    if (e.mode === 'edit') setPanel({ kind: 'edit', id: e.node.id });
    else if (e.mode === 'add') setPanel({ kind: 'new', parentId: e.parent!.id });
    else setPanel({ kind: 'new', parentId: e.target.parentId!, place: { position: e.position, targetId: e.target.id } });
  };
  const detail = useQuery({ queryKey: ['org', 'one', selectedId], queryFn: () => getOrgById({ id: selectedId! }), enabled: !!selectedId });

  const refresh = () => qc.invalidateQueries({ queryKey: ['org'] });

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

  const save = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      const body = {
        name: values.name as string,
        code: (values.code as string | undefined) ?? null,
        sort: values.sort as number | undefined,
        leaderIds: (values.leaderIds as number[] | undefined) ?? [],
      };
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

  const aside = (
    <>
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
            <Button onClick={() => setPanel(panel.kind === 'edit' ? { kind: 'view', id: panel.id } : { kind: 'none' })} data-testid="org-form-cancel">
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
    </>
  );

  return (
    <TreePage<OrgNode>
      testId="org"
      title={t('perm.zzjg')}
      queryKey={['org', 'tree']}
      api={API}
      can={{ add: mayAdd, modify: mayModify, delete: mayDelete }}
      variant="org"
      expand="roots"
      confirmMoves
      texts={TEXTS}
      renderTitle={renderTitle}
      selectedId={selectedId}
      onSelect={(n) => setPanel(n ? { kind: 'view', id: n.id } : { kind: 'none' })}
      onEdit={onEdit}
      onDeleted={(id) => setPanel((p) => ('id' in p && p.id === id ? { kind: 'none' } : p))}
      aside={aside}
    />
  );
}
