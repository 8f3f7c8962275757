import { useCallback, useMemo } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isFrozen, type OrgNode } from '@hanlin/shared';
import { TreePage, type TreeEdit } from '../../../platform/components/TreePage';
import { ApiError } from '../../../platform/api/client';
import { useSession } from '../../../platform/session';
import { can } from '../../../platform/permission';
import { deleteOrg, getOrgById, getOrgTree, getOrgTreeByName, moveOrg, sortOrg } from '../api';
import { useFeedback } from '../../../platform/feedback';
import { BuiltinName } from '../../../platform/builtin';
import { OrgDetailCard } from './OrgDetailCard';
import { OrgEditCard, panelOf, searchOf, type OrgPanel } from './OrgEditCard';

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

  // The side panel is in the query (`panelOf`); choosing another replaces the entry, so back still leaves the page.
  const [params, setParams] = useSearchParams();
  const panel = panelOf(params);
  const setPanel = (next: OrgPanel) => setParams(searchOf(next), { replace: true });

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
        {isFrozen(n) ? <Tag color="red">{t('org.status_frozen')}</Tag> : null}
      </Space>
    ),
    [t],
  );

  /** The right-click menu's add / amend / insert open the side form. */
  const onEdit = (e: TreeEdit<OrgNode>) => {
    if (e.mode === 'edit') setPanel({ kind: 'edit', id: e.node.id });
    // The tree offers no root of its own and no sibling of the root: an organization is added under another.
    else if (e.mode === 'add') {
      if (e.parent) setPanel({ kind: 'new', parentId: e.parent.id });
    } else if (e.target.parentId != null) setPanel({ kind: 'new', parentId: e.target.parentId, place: { position: e.position, targetId: e.target.id } });
  };
  const detail = useQuery({ queryKey: ['org', 'one', selectedId], queryFn: selectedId ? () => getOrgById({ id: selectedId }) : skipToken });

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

  const aside =
    panel.kind === 'none' ? (
      <Empty description={t('org.pickHint')} />
    ) : panel.kind === 'view' ? (
      <OrgDetailCard
        detail={detail.data}
        loading={detail.isLoading}
        userCount={detail.data ? byId.get(detail.data.id)?.userCount : undefined}
        mayAdd={mayAdd}
        onAddChild={(parentId) => setPanel({ kind: 'new', parentId })}
        onEdit={(id) => setPanel({ kind: 'edit', id })}
        onDelete={confirmDelete}
        onChanged={refresh}
      />
    ) : (
      <OrgEditCard
        key={panel.kind === 'edit' ? `edit-${panel.id}` : `new-${panel.parentId}`}
        panel={panel}
        detail={detail.data}
        loading={detail.isLoading}
        parentName={(panel.kind === 'new' ? byId.get(panel.parentId)?.name : detail.data?.parentName) ?? undefined}
        placeName={panel.kind === 'new' && panel.place ? byId.get(panel.place.targetId)?.name : undefined}
      />
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
      onDeleted={(id) =>
        setParams(
          (prev) => {
            const shown = panelOf(prev);
            return 'id' in shown && shown.id === id ? '' : prev;
          },
          { replace: true },
        )
      }
      aside={aside}
    />
  );
}
