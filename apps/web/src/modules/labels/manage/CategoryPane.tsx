import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LABEL_KINDS, LabelCategoryInsertSchema, type LabelCategoryRow, type LabelKind } from '@hanlin/shared';
import { EditModal, RowEditDelete, type FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { deleteLabelCategories, findLabelCategories, insertLabelCategory, updateLabelCategory } from '../api';
import { useFeedback } from '../../../platform/feedback';

export const KIND_OPTIONS = LABEL_KINDS.map((k) => ({ value: k, labelKey: `labels.kind_${k}` }));
const nameField: FieldSpec = { name: 'name', labelKey: 'labels.categoryName', testId: 'labels-category-name' };
const fields: FieldSpec[] = [nameField, { name: 'kind', labelKey: 'labels.kind', kind: 'select', options: KIND_OPTIONS, testId: 'labels-category-kind' }];
/** On a page of one kind (`label-job`, ...), a new category is of that kind. */
const fixedKindFields = (kind: LabelKind, label: string): FieldSpec[] => [
  nameField,
  { name: 'kind', labelKey: 'labels.kind', control: <Select disabled options={[{ value: kind, label }]} data-testid="labels-category-kind" /> },
];

export function KindTag({ kind }: { kind: LabelKind }) {
  const { t } = useTranslation();
  const color: Record<LabelKind, string> = { course: 'blue', question: 'purple', job: 'gold', user: 'green' };
  return <Tag color={color[kind]}>{t(`labels.kind_${kind}`)}</Tag>;
}

/** Left pane: label categories (paged, kind and name filters; one kind only when `kind` is given); picking one shows its labels. */
export function CategoryPane({ selected, onSelect, kind }: { selected: LabelCategoryRow | null; onSelect: (c: LabelCategoryRow | null) => void; kind?: LabelKind }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const canAdd = useCan('bqgl:add');
  const [params, setParams] = useState<{ page: number; size: number; kind?: LabelKind; keyword?: string; sort?: string }>({ page: 1, size: 10, kind });
  const [editing, setEditing] = useState<LabelCategoryRow | 'new' | null>(null);

  const initial = useMemo(() => (editing && editing !== 'new' ? { name: editing.name, kind: editing.kind } : { kind: kind ?? 'course' }), [editing, kind]);
  const formFields = useMemo(() => (kind ? fixedKindFields(kind, t(`labels.kind_${kind}`)) : fields), [kind, t]);
  const list = useQuery({ queryKey: ['label-category', params], queryFn: () => findLabelCategories(params), placeholderData: keepPreviousData });
  // Label lists are keyed `label:<categoryId>`; selectors read `['label', 'options', kind]`.
  const refresh = () => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('label') });

  const remove = useMutation({
    mutationFn: (id: number) => deleteLabelCategories({ ids: [id] }),
    onSuccess: async (_d, id) => {
      message.success(t('common.done'));
      if (selected?.id === id) onSelect(null);
      await refresh();
    },
  });

  return (
    <Card
      title={t('labels.categories')}
      data-testid="labels-categories"
      extra={
        canAdd ? (
          <Button type="primary" size="small" onClick={() => setEditing('new')} data-testid="labels-category-add">
            {t('common.add')}
          </Button>
        ) : null
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        {kind ? null : (
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('labels.kind')}
            options={KIND_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
            onChange={(kind?: LabelKind) => setParams((p) => ({ ...p, page: 1, kind }))}
            data-testid="labels-filter-kind"
          />
        )}
        <Input.Search
          allowClear
          style={{ width: 160 }}
          placeholder={t('labels.categoryName')}
          onSearch={(keyword) => setParams((p) => ({ ...p, page: 1, keyword: keyword.trim() || undefined }))}
          data-testid="labels-filter-category"
        />
      </Space>
      <Table<LabelCategoryRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        onRow={(r) => ({ onClick: () => onSelect(r), style: { cursor: 'pointer' } })}
        rowClassName={(r) => (r.id === selected?.id ? 'ant-table-row-selected' : '')}
        onChange={(pg, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = s?.order ? String(s.columnKey) : undefined;
          setParams((p) => ({ ...p, page: pg.current ?? 1, size: pg.pageSize ?? p.size, sort: key ? (s.order === 'descend' ? `-${key}` : key) : undefined }));
        }}
        pagination={{ current: params.page, pageSize: params.size, total: list.data?.total ?? 0, size: 'small', showTotal: (n) => t('common.total', { n }) }}
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('labels.categoryName'),
            sorter: true,
            render: (_: unknown, r) => <span data-testid="labels-category-row">{r.name}</span>,
          },
          { key: 'kind', dataIndex: 'kind', title: t('labels.kind'), render: (_: unknown, r) => <KindTag kind={r.kind} /> },
          { key: 'labelCount', dataIndex: 'labelCount', title: t('labels.labelCount') },
          {
            key: '__actions',
            title: t('common.actions'),
            render: (_: unknown, r) => (
              <RowEditDelete
                canEdit={r.abilities.modify}
                canDelete={r.abilities.delete}
                onEdit={() => setEditing(r)}
                onDelete={() => remove.mutateAsync(r.id)}
                testIds={{ edit: 'labels-category-edit', delete: 'labels-category-delete', deleteOk: 'labels-category-delete-ok' }}
                stopPropagation
              />
            ),
          },
        ]}
      />
      <EditModal
        open={editing !== null}
        title={t(editing === 'new' ? 'labels.addCategory' : 'labels.editCategory')}
        schema={LabelCategoryInsertSchema}
        fields={formFields}
        initialValues={initial}
        onSubmit={(body) => (editing && editing !== 'new' ? updateLabelCategory({ ...body, id: editing.id }) : insertLabelCategory(body))}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
        onCancel={() => setEditing(null)}
        testId="labels-category-form"
        submitTestId="labels-category-submit"
        saveErrors={{ byCode: { DUPLICATE_LABEL_CATEGORY: 'name' }, report: true }}
      />
    </Card>
  );
}
