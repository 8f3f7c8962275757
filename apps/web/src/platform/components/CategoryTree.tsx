import { useState, type ReactElement } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../permission';
import type { CategoryNode } from '@hanlin/shared';
import { categoryTreeCalls, type CategoryTreeRoutes } from '../api/category-calls';
import { TreePage, type TreePageApi, type TreePageNode, type TreePageProps, type TreePageTexts } from './TreePage';

/** The classification-tree texts a module names under one prefix (`<prefix>.addRoot`, `.addChild`, … `.title`). */
const OWN_TEXTS = ['addRoot', 'addChild', 'insertAbove', 'insertBelow', 'edit', 'name', 'hint', 'empty'] as const;

export interface CategoryTreeDefinition {
  /** The module's name: test ids `<name>-categories…` (see TreePage), texts `<name>.category.title`, `.addRoot`, `.addChild`, `.insertAbove`, `.insertBelow`, `.edit`, `.name`, `.hint`, `.empty`. */
  name: string;
  /** Key of the title when it is not `<name>.category.title` (e.g. the page's permission name). */
  titleKey?: string;
  /** Permission code of the tree: its `:add`, `:modify` and `:delete` decide the menu. */
  permission: string;
  queryKey: QueryKey;
  /** The tree's routes (shared package): the calls, and the insert body whose `name` field gives the dialog's rules. */
  routes: CategoryTreeRoutes & { categoryInsert: { body: NonNullable<TreePageProps<TreePageNode>['schema']> } };
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
 * drag to sort), declared once: the module names its routes, permission code and name, and places the
 * component beside its list or alone on its classification page.
 */
export function defineCategoryTree(def: CategoryTreeDefinition): (props: CategoryTreeProps) => ReactElement {
  const textPrefix = `${def.name}.category`;
  const texts: Partial<TreePageTexts> = { ...Object.fromEntries(OWN_TEXTS.map((k) => [k, `${textPrefix}.${k}`])), ...def.texts };
  const api: TreePageApi<CategoryNode> = categoryTreeCalls(def.routes);
  return function CategoryTree({ selectedId = null, onSelect }: CategoryTreeProps) {
    const { t } = useTranslation();
    const can = { add: useCan(`${def.permission}:add`), modify: useCan(`${def.permission}:modify`), delete: useCan(`${def.permission}:delete`) };
    return (
      <TreePage
        testId={`${def.name}-categories`}
        title={t(def.titleKey ?? `${textPrefix}.title`)}
        queryKey={def.queryKey}
        api={api}
        can={can}
        allowRoot
        texts={texts}
        schema={def.routes.categoryInsert.body}
        nameMaxLength={def.nameMaxLength ?? 30}
        selectedId={selectedId}
        onSelect={onSelect ? (n) => onSelect(n ? n.id : null) : undefined}
        onDeleted={(id) => id === selectedId && onSelect?.(null)}
      />
    );
  };
}

/**
 * A list filed by category beside its tree (`Tree`, from `defineCategoryTree`): the class picked filters the list
 * (`categoryId`, that class and below) and a new record opens on the edit page (`editPath`, `?id=` edits one) in that
 * class (`?categoryId=`). Spread into CrudPage: `side`, `extraFilters`, `form`.
 */
export function useFiledByCategory<R extends { id: number }>(Tree: (props: CategoryTreeProps) => ReactElement, editPath: string) {
  const [category, setCategory] = useState<number | null>(null);
  return {
    side: <Tree selectedId={category} onSelect={setCategory} />,
    extraFilters: category ? { categoryId: category } : {},
    form: { addPath: `${editPath}${category ? `?categoryId=${category}` : ''}`, editPath: (r: R) => `${editPath}?id=${r.id}` },
  };
}
