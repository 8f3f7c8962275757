import { CrudPage, type ColumnSpec, type FieldSpec, type FilterSpec } from '../../../platform/kernel';
import { DICT_SORT_KEYS, DictEntryCreateSchema, type DictEntryRow } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { deleteDicts, findDicts, insertDict, updateDict } from '../api';

const sortable = (k: string) => (DICT_SORT_KEYS as readonly string[]).includes(k);

const columns: ColumnSpec<DictEntryRow>[] = [
  { key: 'type', titleKey: 'dict.type', sortable: sortable('type') },
  { key: 'label', titleKey: 'dict.label', sortable: sortable('label') },
  { key: 'value', titleKey: 'dict.value', sortable: sortable('value') },
  { key: 'sort', titleKey: 'dict.sort', sortable: sortable('sort') },
  { key: 'remark', titleKey: 'dict.remark' },
  { key: 'createdAt', titleKey: 'common.createdAt', sortable: sortable('createdAt'), render: (r) => formatTime(r.createdAt) },
];

const filters: FilterSpec[] = [
  { name: 'type', labelKey: 'dict.type' },
  { name: 'keyword', labelKey: 'common.keyword' },
];

const fields: FieldSpec[] = [
  { name: 'type', labelKey: 'dict.type', testId: 'dict-type' },
  { name: 'label', labelKey: 'dict.label', testId: 'dict-label' },
  { name: 'value', labelKey: 'dict.value', testId: 'dict-value' },
  { name: 'sort', labelKey: 'dict.sort', kind: 'number', testId: 'dict-sort' },
  { name: 'remark', labelKey: 'dict.remark', kind: 'textarea', testId: 'dict-remark' },
];

const defaults = { sort: 0 };

/** Dictionary (`manage-dict`, code zdgl): the kernel with a modal form. */
export default function DictListPage() {
  return (
    <CrudPage<DictEntryRow>
      testId="dict-page"
      titleKey="perm.zdgl"
      queryKey="dict"
      fetch={(p) => findDicts(p)}
      columns={columns}
      filters={filters}
      menu="zdgl"
      batch={{ delete: deleteDicts }}
      form={{
        schema: DictEntryCreateSchema,
        fields,
        defaults,
        create: (v) => insertDict(DictEntryCreateSchema.parse(v)),
        update: (v) => updateDict({ ...DictEntryCreateSchema.parse(v), id: v.id }),
      }}
    />
  );
}
