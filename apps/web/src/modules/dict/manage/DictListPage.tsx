import { useMemo, useState } from 'react';
import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_LIFECYCLE, DICT_SORT_KEYS, DictEntryCreateSchema, type DictEntryRow } from '@hanlin/shared';
import {
  sortableIn,
  timeColumn,
  BatchToolbar,
  EditModal,
  FilterBar,
  RowActions,
  defineFields,
  listTableProps,
  tableColumns,
  useList,
  type ColumnSpec,
  type FilterSpec,
  type RowAction,
} from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { useFeedback } from '../../../platform/feedback';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { deleteDicts, findDicts, freezeDicts, insertDict, unfreezeDicts, updateDict } from '../api';
import { useDictTypes } from '../components/useDictTypes';
import { DictTypesModal } from './DictTypesModal';

const sortable = sortableIn(DICT_SORT_KEYS);

const columns: ColumnSpec<DictEntryRow>[] = [
  { key: 'type', titleKey: 'dict.type', sortable: sortable('type') },
  { key: 'label', titleKey: 'dict.label', sortable: sortable('label') },
  { key: 'value', titleKey: 'dict.value', sortable: sortable('value') },
  { key: 'sort', titleKey: 'dict.sort', sortable: sortable('sort') },
  { key: 'remark', titleKey: 'dict.remark' },
  { key: 'status', titleKey: 'dict.status', render: (r) => <LifecycleTag lifecycle={DICT_LIFECYCLE} state={r.status} /> },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

/** Names checked against DictEntryCreateSchema when the code compiles; the type is chosen among the managed types. */
const fieldsWith = (typeOptions: { value: string; labelKey: string; label: string }[]) =>
  defineFields(DictEntryCreateSchema, [
    { name: 'type', labelKey: 'dict.type', kind: 'select', options: typeOptions, testId: 'dict-type' },
    { name: 'label', labelKey: 'dict.label', testId: 'dict-label' },
    { name: 'value', labelKey: 'dict.value', testId: 'dict-value' },
    { name: 'sort', labelKey: 'dict.sort', kind: 'number', testId: 'dict-sort' },
    { name: 'remark', labelKey: 'dict.remark', kind: 'textarea', testId: 'dict-remark' },
  ]);

const defaults = { sort: 0 };

/**
 * Dictionary (`manage-dict`, code zdgl): the kernel's parts composed by hand (what CrudPage does
 * in one declaration), as the example of platform/kernel/README.md.
 */
export default function DictListPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const canAdd = useCan('zdgl:add');
  const canModify = useCan('zdgl:modify');
  const canDelete = useCan('zdgl:delete');
  const { types, nameOf } = useDictTypes();
  const typeOptions = useMemo(() => types.map((r) => ({ value: r.code, labelKey: r.code, label: nameOf(r) })), [types, nameOf]);
  const filters: FilterSpec[] = useMemo(
    () => [
      { name: 'type', labelKey: 'dict.type', kind: 'select', options: typeOptions, searchable: true },
      { name: 'keyword', labelKey: 'common.keyword' },
      { name: 'status', labelKey: 'dict.status', kind: 'select', options: lifecycleOptions(DICT_LIFECYCLE) },
    ],
    [typeOptions],
  );
  const fields = useMemo(() => fieldsWith(typeOptions), [typeOptions]);
  const list = useList<DictEntryRow>({ queryKey: 'dict', fetch: findDicts, filters });
  const [editing, setEditing] = useState<DictEntryRow | 'new' | null>(null);
  const [typesOpen, setTypesOpen] = useState(false);

  const remove = async (ids: number[]) => {
    await deleteDicts({ ids });
    message.success(t('common.done'));
    list.clearSelection();
    await list.refresh();
  };

  const setStatus = async (r: DictEntryRow, freeze: boolean) => {
    await (freeze ? freezeDicts : unfreezeDicts)({ ids: [r.id] });
    message.success(t('common.done'));
    await list.refresh();
  };

  // Each row offers what its abilities (the server's verdict: codes and state) allow.
  const rowActions: RowAction<DictEntryRow>[] = [
    ...(canModify
      ? [
          { key: 'modify', label: t('common.edit'), testId: 'crud-row-edit', run: (r: DictEntryRow) => setEditing(r) },
          { key: 'freeze', label: t('common.freeze'), confirm: true, run: (r: DictEntryRow) => setStatus(r, true) },
          { key: 'unfreeze', label: t('common.unfreeze'), confirm: true, run: (r: DictEntryRow) => setStatus(r, false) },
        ]
      : []),
    ...(canDelete ? [{ key: 'delete', label: t('common.delete'), danger: true, confirm: true, run: (r: DictEntryRow) => remove([r.id]) }] : []),
  ];
  const tableCols = [
    ...tableColumns(columns, list.params.sort, t),
    ...(rowActions.length
      ? [{ key: '__actions', title: t('common.actions'), fixed: 'right' as const, render: (_: unknown, r: DictEntryRow) => <RowActions record={r} actions={rowActions} /> }]
      : []),
  ];

  return (
    <Card data-testid="dict-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('perm.zdgl')}
      </Typography.Title>
      <FilterBar filters={filters} values={list.filterValues} onSearch={list.applyFilters} onReset={list.resetFilters} />
      <BatchToolbar
        selectedCount={list.selected.length}
        actions={canDelete ? [{ key: 'delete', label: t('common.delete'), danger: true, run: () => remove(list.selected) }] : []}
        leading={
          <>
            {canAdd ? (
              <Button type="primary" data-testid="crud-add" onClick={() => setEditing('new')}>
                {t('common.add')}
              </Button>
            ) : null}
            <Button data-testid="dict-types-open" onClick={() => setTypesOpen(true)}>
              {t('dict.types')}
            </Button>
          </>
        }
      />
      <Table<DictEntryRow> columns={tableCols} {...listTableProps(list, t, canDelete)} />
      <EditModal
        open={editing !== null}
        title={t(editing === 'new' ? 'common.add' : 'common.edit')}
        schema={DictEntryCreateSchema}
        fields={fields}
        initialValues={editing && editing !== 'new' ? editing : defaults}
        // `values` is DictEntryCreate: the schema's parsed output, no casts.
        onSubmit={(values) => (editing && editing !== 'new' ? updateDict({ ...values, id: editing.id }) : insertDict(values))}
        onSaved={() => {
          setEditing(null);
          void list.refresh();
        }}
        onCancel={() => setEditing(null)}
      />
      <DictTypesModal open={typesOpen} onClose={() => setTypesOpen(false)} />
    </Card>
  );
}
