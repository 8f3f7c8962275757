import { useState, type Key } from 'react';
import { Dropdown, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';

export type TreeAction = 'add' | 'edit' | 'insertAbove' | 'insertBelow' | 'delete';
export type OrgTreeAction = 'addOrg' | 'amendOrg' | 'deleteOrg';
/** An action of a tree's right-click menu, of either variant. */
export type MenuAction = TreeAction | OrgTreeAction;

const DEFAULT_ACTIONS: readonly TreeAction[] = ['add', 'edit', 'insertAbove', 'insertBelow', 'delete'];
const ORG_ACTIONS: readonly OrgTreeAction[] = ['addOrg', 'amendOrg', 'deleteOrg'];

export interface ContextTreeProps extends Omit<TreeProps, 'titleRender'> {
  treeData: TreeDataNode[];
  /** `org` offers add / amend / delete organization; `default` the five classification actions. */
  variant?: 'default' | 'org';
  /** Restrict the menu (e.g. by permission); defaults to every action of the variant. */
  actions?: readonly MenuAction[];
  /** Per node: whether `action` is offered on it (e.g. the node's abilities); every action when left out. */
  allows?: (action: MenuAction, node: TreeDataNode) => boolean;
  onAction: (action: MenuAction, node: TreeDataNode) => void;
}

/** A tree whose nodes open a right-click menu (organization and classification trees). */
export function ContextTree({ variant = 'default', actions, allows, onAction, ...tree }: ContextTreeProps) {
  const { t } = useTranslation();
  const list = actions ?? (variant === 'org' ? ORG_ACTIONS : DEFAULT_ACTIONS);
  // One menu at a time: right-clicking another node moves it there, choosing an action closes it at once
  // (a menu left open while the tree refreshes after the action stayed on screen beside the next one).
  const [menuOf, setMenuOf] = useState<Key | null>(null);
  return (
    <Tree
      blockNode
      {...tree}
      titleRender={(node) => (
        <Dropdown
          trigger={['contextMenu']}
          open={menuOf === node.key}
          onOpenChange={(open) => setMenuOf((current) => (open ? node.key : current === node.key ? null : current))}
          destroyOnHidden
          menu={{
            items: (allows ? list.filter((a) => allows(a, node)) : list).map((a) => ({
              key: a,
              danger: a === 'delete' || a === 'deleteOrg',
              label: <span data-testid={`tree-action-${a}`}>{t(`tree.${a}`)}</span>,
            })),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              setMenuOf(null);
              const action = list.find((a) => a === key);
              if (action) onAction(action, node);
            },
          }}
        >
          <span data-testid={`tree-node-${String(node.key)}`} style={{ display: 'block' }}>
            {typeof node.title === 'function' ? node.title(node) : node.title}
          </span>
        </Dropdown>
      )}
    />
  );
}
