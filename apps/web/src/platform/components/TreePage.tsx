import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Input, Modal, Row, Spin, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { required, type TreeSort } from '@hanlin/shared';
import { ApiError } from '../api/client';
import { rulesFor } from '../forms/zod-rules';

type ObjectSchema = Parameters<typeof rulesFor>[0];
import { showSaveError } from '../forms/server-errors';
import { ContextTree, type MenuAction, type TreeAction } from './ContextTree';
import { useFeedback } from '../feedback';

/** What a tree page shows: the server's forest (`children` nested, siblings in display order). */
export interface TreePageNode {
  id: number;
  parentId: number | null;
  name: string;
  children: readonly TreePageNode[];
  /** The server's verdict on the node, where it sends one: edit and delete are offered only where true. */
  abilities?: { modify?: boolean; delete?: boolean };
}

/** A node whose children are nodes of its own kind (an organization's are organizations). */
type OwnKindNode<N> = TreePageNode & { children: readonly N[] };

/** The calls a tree page is declared with; leave out what the tree does not offer. */
export interface TreePageApi<N extends TreePageNode> {
  load: () => Promise<N[]>;
  /** Search by name: matches with their ancestors (shows a search box). */
  search?: (input: { name: string }) => Promise<N[]>;
  insert?: (input: { parentId: number | null; name: string }) => Promise<{ id: number }>;
  update?: (input: { id: number; name: string }) => Promise<unknown>;
  /** Should be a silent call: the page shows the refusal itself. */
  remove?: (input: { id: number }) => Promise<unknown>;
  /** Right-click insert above/below and drag between nodes (a reporting call: the client shows refusals). */
  sort?: (input: TreeSort) => Promise<unknown>;
  /** Drag onto a node: becomes its child (a reporting call). Without it such a drop only tells how to sort. */
  move?: (input: { id: number; parentId: number }) => Promise<unknown>;
}

/** A request to edit: a child of `parent` (a root when null), a sibling next to `target`, or `node` itself. */
export type TreeEdit<N extends TreePageNode> = { mode: 'add'; parent: N | null } | { mode: 'insert'; target: N; position: TreeSort['position'] } | { mode: 'edit'; node: N };

/** Translation keys of the page's texts; each defaults to the generic `treePage.*` key. */
export interface TreePageTexts {
  addRoot: string;
  addChild: string;
  insertAbove: string;
  insertBelow: string;
  edit: string;
  name: string;
  hint: string;
  empty: string;
  deleteTitle: string;
  deleteHint: string;
  dropBetween: string;
  rootNoSibling: string;
  moveTitle: string;
  moveConfirm: string;
  search: string;
  refused: string;
}

const TEXTS: TreePageTexts = {
  addRoot: 'treePage.addRoot',
  addChild: 'treePage.addChild',
  insertAbove: 'treePage.insertAbove',
  insertBelow: 'treePage.insertBelow',
  edit: 'treePage.edit',
  name: 'treePage.name',
  hint: 'treePage.hint',
  empty: 'treePage.empty',
  deleteTitle: 'treePage.deleteTitle',
  deleteHint: 'treePage.deleteHint',
  dropBetween: 'treePage.dropBetween',
  rootNoSibling: 'treePage.rootNoSibling',
  moveTitle: 'treePage.moveTitle',
  moveConfirm: 'treePage.moveConfirm',
  search: 'treePage.search',
  refused: 'treePage.refused',
};

export interface TreePageProps<N extends TreePageNode> {
  /** Prefix of the test ids: `<id>-page`, `-tree`, `-search`, `-add-root`, `-form`, `-name`, `-submit`, `-delete-ok`. */
  testId: string;
  title: ReactNode;
  /** Invalidated after every change; the tree itself is cached under `[...queryKey, search]`. */
  queryKey: QueryKey;
  api: TreePageApi<N>;
  /** What the caller may do (from its permission codes). */
  can: { add: boolean; modify: boolean; delete: boolean };
  /** `org`: the organization menu (add, amend, insert, delete organization); `default`: the five classification actions. */
  variant?: 'default' | 'org';
  /** Offer "add top-level node" (trees with several roots). */
  allowRoot?: boolean;
  /** Nodes open at start: every node, or the roots only. */
  expand?: 'all' | 'roots';
  /** Ask before a drag moves a node. */
  confirmMoves?: boolean;
  texts?: Partial<TreePageTexts>;
  /** The insert schema of the tree (shared package): its `name` field gives the dialog's rules. */
  schema?: ObjectSchema;
  nameMaxLength?: number;
  /** Handles add / insert / edit itself (e.g. a side form) instead of the built-in name dialog. */
  onEdit?: (e: TreeEdit<N>) => void;
  /** Node label; the name by default. */
  renderTitle?: (node: N) => ReactNode;
  /** Content beside the tree (details of the selected node, a form). */
  aside?: ReactNode;
  selectedId?: number | null;
  onSelect?: (node: N | null) => void;
  /** Called after a node was deleted. */
  onDeleted?: (id: number) => void;
}

function indexNodes<N extends OwnKindNode<N>>(nodes: readonly N[], into = new Map<number, N>()): Map<number, N> {
  for (const n of nodes) {
    into.set(n.id, n);
    indexNodes(n.children, into);
  }
  return into;
}

const BASE: Record<MenuAction, TreeAction> = {
  add: 'add',
  edit: 'edit',
  insertAbove: 'insertAbove',
  insertBelow: 'insertBelow',
  delete: 'delete',
  addOrg: 'add',
  amendOrg: 'edit',
  deleteOrg: 'delete',
};

/**
 * The tree page kernel: a tree with the right-click menu of spec §5 (add, edit, insert above,
 * insert below, delete; organizations: add, amend, delete organization), drag to reorder or
 * re-parent, delete with confirmation, and a name dialog, declared with the page's API calls.
 * The server decides (sibling names, depth, data scope); the page shows its answers.
 */
export function TreePage<N extends OwnKindNode<N>>(props: TreePageProps<N>) {
  const { testId, api, can, variant = 'default', allowRoot = false, expand = 'all', schema, nameMaxLength, renderTitle, onEdit, onSelect } = props;
  const texts = { ...TEXTS, ...props.texts };
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TreeEdit<N> | null>(null);
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);

  const tree = useQuery({
    queryKey: [...props.queryKey, search],
    queryFn: () => (search && api.search ? api.search({ name: search }) : api.load()),
    placeholderData: keepPreviousData,
  });
  const byId = useMemo(() => indexNodes(tree.data ?? []), [tree.data]);
  const refresh = () => qc.invalidateQueries({ queryKey: props.queryKey });

  // Open at start as declared; a search opens every match's path; afterwards the user's choice stays.
  useEffect(() => {
    if (!tree.data) return;
    if (search) setExpanded([...byId.keys()]);
    else setExpanded((prev) => prev ?? (expand === 'all' ? [...byId.keys()] : tree.data.map((n) => n.id)));
  }, [tree.data, byId, search, expand]);

  const treeData = useMemo<TreeDataNode[]>(() => {
    const map = (nodes: readonly N[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: renderTitle ? renderTitle(n) : n.name, children: map(n.children) }));
    return map(tree.data ?? []);
  }, [tree.data, renderTitle]);

  const actions = useMemo(() => {
    const org = variant === 'org';
    const list: MenuAction[] = [];
    // Add, edit and insert need the calls, or a page that edits itself (onEdit).
    const custom = !!onEdit;
    if (can.add && (custom || api.insert)) list.push(org ? 'addOrg' : 'add');
    if (can.modify && (custom || api.update)) list.push(org ? 'amendOrg' : 'edit');
    if (can.add && can.modify && (custom || (api.insert && api.sort))) list.push('insertAbove', 'insertBelow');
    if (can.delete && api.remove) list.push(org ? 'deleteOrg' : 'delete');
    return list;
  }, [variant, can.add, can.modify, can.delete, api.insert, api.update, api.sort, api.remove, onEdit]);

  /** A node carrying `abilities` (the server's verdict) offers edit and delete only where they are true. */
  const allows = (action: MenuAction, node: TreeDataNode) => {
    const abilities = byId.get(Number(node.key))?.abilities;
    if (!abilities) return true;
    const a = BASE[action];
    if (a === 'edit') return abilities.modify === true;
    if (a === 'delete') return abilities.delete === true;
    return true;
  };

  const openEdit = (e: TreeEdit<N>) => {
    const parent = e.mode === 'add' ? e.parent : undefined;
    if (parent) setExpanded((k) => ((k ?? []).includes(parent.id) ? k : [...(k ?? []), parent.id]));
    if (onEdit) onEdit(e);
    else setEditing(e);
  };

  const save = useMutation({
    mutationFn: async ({ e, name }: { e: TreeEdit<N>; name: string }) => {
      if (e.mode === 'edit') return required(api.update, 'api.update')({ id: e.node.id, name });
      if (e.mode === 'add') return required(api.insert, 'api.insert')({ parentId: e.parent?.id ?? null, name });
      // A sibling of the target: created under the same parent, then placed above or below it.
      const { id } = await required(api.insert, 'api.insert')({ parentId: e.target.parentId, name });
      await required(api.sort, 'api.sort')({ id, position: e.position, targetId: e.target.id });
    },
    onSuccess: async () => {
      message.success(t('common.saved'));
      setEditing(null);
      await refresh();
    },
    onError: (err) => showSaveError(form, err, { fields: ['name'], byCode: { DUPLICATE_CATEGORY: 'name', DUPLICATE_ORGANIZATION: 'name' } }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => required(api.remove, 'api.remove')({ id }),
    onSuccess: async (_d, id) => {
      message.success(t('common.done'));
      props.onDeleted?.(id);
      await refresh();
    },
  });

  const refusal = (e: unknown) => {
    modal.error({ title: t(texts.refused), content: e instanceof ApiError ? e.text : String(e), okText: t('common.confirm') });
  };

  const onAction = (action: MenuAction, node: TreeDataNode) => {
    const n = byId.get(Number(node.key));
    if (!n) return;
    const a = BASE[action];
    if (a === 'add') openEdit({ mode: 'add', parent: n });
    else if (a === 'edit') openEdit({ mode: 'edit', node: n });
    else if (a === 'insertAbove' || a === 'insertBelow') {
      if (n.parentId == null && !allowRoot) {
        message.warning(t(texts.rootNoSibling));
        return;
      }
      openEdit({ mode: 'insert', target: n, position: a === 'insertAbove' ? 'above' : 'below' });
    } else
      modal.confirm({
        title: t(texts.deleteTitle, { name: n.name }),
        content: t(texts.deleteHint, { name: n.name }),
        okText: t('common.delete'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: true, 'data-testid': `${testId}-delete-ok` },
        onOk: () => remove.mutateAsync(n.id).catch(refusal),
      });
  };

  const move = useMutation({
    mutationFn: async (m: { kind: 'sort'; input: TreeSort } | { kind: 'move'; id: number; parentId: number }) =>
      m.kind === 'sort' ? required(api.sort, 'api.sort')(m.input) : required(api.move, 'api.move')({ id: m.id, parentId: m.parentId }),
    // sort and move are reporting calls: the API client shows a refusal.
    onSuccess: () => message.success(t('common.done')),
    onSettled: refresh,
  });

  /** Dropping on a node's gap places the dragged node above or below it; dropping onto it re-parents (when offered). */
  const onDrop: TreeProps['onDrop'] = (info) => {
    const id = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    if (id === targetId) return;
    let run: () => Promise<unknown>;
    if (!info.dropToGap) {
      if (!api.move) {
        message.info(t(texts.dropBetween));
        return;
      }
      run = () => move.mutateAsync({ kind: 'move', id, parentId: targetId });
    } else {
      // dropPosition is relative to the whole list; below 0 means "before the target".
      const rel = info.dropPosition - Number(String(info.node.pos).split('-').pop());
      run = () => move.mutateAsync({ kind: 'sort', input: { id, targetId, position: rel < 0 ? 'above' : 'below' } });
    }
    if (!props.confirmMoves) return void run().catch(() => undefined);
    modal.confirm({
      title: t(texts.moveTitle),
      content: t(texts.moveConfirm, { name: byId.get(id)?.name ?? '', target: byId.get(targetId)?.name ?? '' }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => run().catch(() => undefined),
    });
  };

  const dialogTitle =
    editing?.mode === 'edit'
      ? t(texts.edit)
      : editing?.mode === 'insert'
        ? t(editing.position === 'above' ? texts.insertAbove : texts.insertBelow, { name: editing.target.name })
        : editing?.parent
          ? t(texts.addChild, { name: editing.parent.name })
          : t(texts.addRoot);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !editing) return;
    const name = typeof v.name === 'string' ? v.name.trim() : '';
    if (name) save.mutate({ e: editing, name });
  };

  const treePane = (
    <>
      {api.search ? (
        <Input.Search allowClear placeholder={t(texts.search)} data-testid={`${testId}-search`} onSearch={(v) => setSearch(v.trim())} style={{ marginBottom: 12 }} />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t(texts.hint)}
      </Typography.Paragraph>
      <Spin spinning={tree.isFetching || move.isPending || remove.isPending}>
        <div data-testid={`${testId}-tree`} style={props.aside ? { maxHeight: 'calc(100vh - 300px)', overflow: 'auto', minHeight: 200 } : undefined}>
          {tree.data && !tree.data.length ? (
            <Empty description={t(texts.empty)} />
          ) : (
            <ContextTree
              variant={variant}
              actions={actions}
              allows={allows}
              treeData={treeData}
              onAction={onAction}
              expandedKeys={expanded ?? []}
              onExpand={(keys) => setExpanded(keys)}
              {...(onSelect
                ? {
                    selectedKeys: props.selectedId ? [props.selectedId] : [],
                    onSelect: (keys: React.Key[]) => onSelect(keys.length ? (byId.get(Number(keys[0])) ?? null) : null),
                  }
                : {})}
              draggable={can.modify && api.sort && !search ? { icon: false } : false}
              onDrop={onDrop}
            />
          )}
        </div>
      </Spin>
    </>
  );

  return (
    <Card
      title={props.title}
      data-testid={`${testId}-page`}
      extra={
        allowRoot && can.add && (api.insert || onEdit) ? (
          <Button type="primary" onClick={() => openEdit({ mode: 'add', parent: null })} data-testid={`${testId}-add-root`}>
            {t(texts.addRoot)}
          </Button>
        ) : null
      }
    >
      {props.aside ? (
        <Row gutter={24}>
          <Col xs={24} md={10} lg={9}>
            {treePane}
          </Col>
          <Col xs={24} md={14} lg={15}>
            {props.aside}
          </Col>
        </Row>
      ) : (
        treePane
      )}
      <Modal
        open={editing !== null}
        destroyOnHidden
        title={dialogTitle}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: save.isPending, 'data-testid': `${testId}-submit` }}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
      >
        <Form form={form} layout="vertical" data-testid={`${testId}-form`} initialValues={{ name: editing?.mode === 'edit' ? editing.node.name : '' }} preserve={false}>
          <Form.Item
            name="name"
            label={t(texts.name)}
            required
            rules={schema ? rulesFor(schema, 'name', t) : [{ required: true, whitespace: true, message: t('treePage.nameRequired') }]}
          >
            <Input maxLength={nameMaxLength} showCount={!!nameMaxLength} data-testid={`${testId}-name`} onPressEnter={() => void submit()} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
