import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Modal, Spin, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProfessionalInsertSchema, type ProfessionalNode, type TreeSort } from '@hanlin/shared';
import { ContextTree, type TreeAction } from '../../../platform/components/ContextTree';
import { rulesFor } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { showSaveError } from '../../../platform/forms/server-errors';
import { deleteProfessional, getProfessionalTree, insertProfessional, sortProfessional, updateProfessional } from '../api';

const QUERY_KEY = ['professional', 'tree'];

/** What the dialog does: a child of `parent`, a sibling placed next to `target`, or a rename. */
type Editing =
  | { mode: 'add'; parent: ProfessionalNode | null }
  | { mode: 'insert'; target: ProfessionalNode; position: TreeSort['position'] }
  | { mode: 'edit'; node: ProfessionalNode };

function toTreeData(nodes: ProfessionalNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.id, title: n.name, children: toTreeData(n.children) }));
}

function indexNodes(nodes: ProfessionalNode[], into = new Map<number, ProfessionalNode>()) {
  for (const n of nodes) {
    into.set(n.id, n);
    indexNodes(n.children, into);
  }
  return into;
}

/** Professional (major) tree (`manage-professional`, code zygl): right-click to add, edit, insert, delete; drag to sort. */
export default function ProfessionalTreePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const canAdd = useCan('zygl:add');
  const canModify = useCan('zygl:modify');
  const canDelete = useCan('zygl:delete');
  const [editing, setEditing] = useState<Editing | null>(null);

  const tree = useQuery({ queryKey: QUERY_KEY, queryFn: getProfessionalTree });
  const byId = useMemo(() => indexNodes(tree.data ?? []), [tree.data]);
  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const refresh = () => qc.invalidateQueries({ queryKey: ['professional'] });
  // Everything starts open; afterwards the user's choice stays, and a node given a child opens.
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  useEffect(() => {
    if (tree.data && expanded === null) setExpanded([...byId.keys()]);
  }, [tree.data, byId, expanded]);

  const actions = useMemo(() => {
    const list: TreeAction[] = [];
    if (canAdd) list.push('add');
    if (canModify) list.push('edit');
    if (canAdd && canModify) list.push('insertAbove', 'insertBelow');
    if (canDelete) list.push('delete');
    return list;
  }, [canAdd, canModify, canDelete]);

  const save = useMutation({
    mutationFn: async ({ e, name }: { e: Editing; name: string }) => {
      if (e.mode === 'edit') return updateProfessional({ id: e.node.id, name });
      if (e.mode === 'add') return insertProfessional({ parentId: e.parent?.id ?? null, name });
      // A sibling of the target: created under the same parent, then placed above or below it.
      const { id } = await insertProfessional({ parentId: e.target.parentId, name });
      await sortProfessional({ id, position: e.position, targetId: e.target.id });
    },
    onSuccess: async (_d, { e }) => {
      message.success(t('common.saved'));
      if (e.mode === 'add' && e.parent) setExpanded((k) => [...(k ?? []), e.parent!.id]);
      setEditing(null);
      await refresh();
    },
    onError: (err) => showSaveError(form, err, { fields: ['name'], byCode: { DUPLICATE_CATEGORY: 'name' } }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteProfessional({ id }),
    onSuccess: async () => {
      message.success(t('common.done'));
      await refresh();
    },
  });

  const move = useMutation({
    mutationFn: sortProfessional,
    onSettled: refresh,
  });

  const onAction = (action: TreeAction, node: TreeDataNode) => {
    const n = byId.get(Number(node.key));
    if (!n) return;
    if (action === 'add') setEditing({ mode: 'add', parent: n });
    else if (action === 'edit') setEditing({ mode: 'edit', node: n });
    else if (action === 'insertAbove') setEditing({ mode: 'insert', target: n, position: 'above' });
    else if (action === 'insertBelow') setEditing({ mode: 'insert', target: n, position: 'below' });
    else
      modal.confirm({
        title: t('common.confirmTitle', { action: t('common.delete') }),
        content: n.children.length ? t('professionals.hasChildren', { name: n.name }) : n.name,
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'professionals-delete-ok' },
        onOk: () => remove.mutateAsync(n.id).catch(() => undefined),
      });
  };

  /** Dropping on a node's gap places the dragged node above or below it; dropping onto it is not a sort. */
  const onDrop: TreeProps['onDrop'] = (info) => {
    const id = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    if (id === targetId) return;
    if (!info.dropToGap) {
      message.info(t('professionals.dropBetween'));
      return;
    }
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    move.mutate({ id, targetId, position: relative < 0 ? 'above' : 'below' });
  };

  const title =
    editing?.mode === 'edit'
      ? t('professionals.edit')
      : editing?.mode === 'insert'
        ? t(editing.position === 'above' ? 'professionals.insertAbove' : 'professionals.insertBelow', { name: editing.target.name })
        : editing?.parent
          ? t('professionals.addChild', { name: editing.parent.name })
          : t('professionals.addRoot');

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !editing) return;
    const name = ProfessionalInsertSchema.shape.name.safeParse(v.name);
    if (name.success) save.mutate({ e: editing, name: name.data });
  };

  return (
    <Card
      title={t('perm.zygl')}
      data-testid="professionals-page"
      extra={
        canAdd ? (
          <Button type="primary" onClick={() => setEditing({ mode: 'add', parent: null })} data-testid="professionals-add-root">
            {t('professionals.addRoot')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('professionals.hint')}</Typography.Paragraph>
      {tree.isLoading ? (
        <Spin />
      ) : treeData.length ? (
        <Spin spinning={move.isPending || remove.isPending}>
          <ContextTree<TreeAction>
            data-testid="professionals-tree"
            treeData={treeData}
            actions={actions}
            onAction={onAction}
            expandedKeys={expanded ?? []}
            onExpand={(keys) => setExpanded(keys)}
            draggable={canModify ? { icon: false } : false}
            onDrop={onDrop}
          />
        </Spin>
      ) : (
        <Empty description={t('professionals.empty')} />
      )}
      <Modal
        open={editing !== null}
        destroyOnHidden
        title={title}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: save.isPending, 'data-testid': 'professionals-submit' }}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
      >
        <Form
          form={form}
          layout="vertical"
          data-testid="professionals-form"
          initialValues={{ name: editing?.mode === 'edit' ? editing.node.name : '' }}
          preserve={false}
        >
          <Form.Item name="name" label={t('professionals.name')} required rules={rulesFor(ProfessionalInsertSchema, 'name', t)}>
            <Input maxLength={30} showCount data-testid="professionals-name" onPressEnter={() => void submit()} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
