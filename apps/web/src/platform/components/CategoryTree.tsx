import type { ReactElement } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../permission';
import { TreePage, type TreePageApi, type TreePageNode, type TreePageProps, type TreePageTexts } from './TreePage';

/** The classification-tree texts a module names under one prefix (`<prefix>.addRoot`, `.addChild`, … `.title`). */
const OWN_TEXTS = ['addRoot', 'addChild', 'insertAbove', 'insertBelow', 'edit', 'name', 'hint', 'empty'] as const;

export interface CategoryTreeDefinition<N extends TreePageNode> {
  /** Prefix of the test ids (see TreePage). */
  testId: string;
  /** Prefix of the module's texts: `<textPrefix>.title`, `.addRoot`, `.addChild`, `.insertAbove`, `.insertBelow`, `.edit`, `.name`, `.hint`, `.empty`. */
  textPrefix: string;
  /** Key of the title when it is not `<textPrefix>.title` (e.g. the page's permission name). */
  titleKey?: string;
  /** Permission code of the tree: its `:add`, `:modify` and `:delete` decide the menu. */
  permission: string;
  queryKey: QueryKey;
  api: TreePageApi<N>;
  /** The insert schema of the tree (shared package): its `name` field gives the dialog's rules. */
  schema: TreePageProps<N>['schema'];
  nameMaxLength?: number;
  /** More of the module's own texts (e.g. `dropBetween`). */
  texts?: Partial<TreePageTexts>;
}

export interface CategoryTreeProps {
  selectedId?: number | null;
  onSelect?: (id: number | null) => void;
}

/**
 * A classification tree of a module (several roots; right-click: add, edit, insert above/below, delete;
 * drag to sort), declared once: the module names its API, permission code and text prefix, and places the
 * component beside its list or alone on its classification page.
 */
export function defineCategoryTree<N extends TreePageNode>(def: CategoryTreeDefinition<N>): (props: CategoryTreeProps) => ReactElement {
  const texts: Partial<TreePageTexts> = { ...Object.fromEntries(OWN_TEXTS.map((k) => [k, `${def.textPrefix}.${k}`])), ...def.texts };
  return function CategoryTree({ selectedId = null, onSelect }: CategoryTreeProps) {
    const { t } = useTranslation();
    const can = { add: useCan(`${def.permission}:add`), modify: useCan(`${def.permission}:modify`), delete: useCan(`${def.permission}:delete`) };
    return (
      <TreePage<N>
        testId={def.testId}
        title={t(def.titleKey ?? `${def.textPrefix}.title`)}
        queryKey={def.queryKey}
        api={def.api}
        can={can}
        allowRoot
        texts={texts}
        schema={def.schema}
        nameMaxLength={def.nameMaxLength ?? 30}
        selectedId={selectedId}
        onSelect={onSelect ? (n) => onSelect(n ? n.id : null) : undefined}
        onDeleted={(id) => id === selectedId && onSelect?.(null)}
      />
    );
  };
}
