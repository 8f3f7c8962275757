import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LABEL_SORT_KEYS, LabelInsertSchema, type LabelCategoryRow, type LabelRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { deleteLabels, findLabels, insertLabel, updateLabel } from '../api';
import { CategoryPane, KindTag } from './CategoryPane';

const sortable = sortableIn(LABEL_SORT_KEYS);

const columns: ColumnSpec<LabelRow>[] = [
  { key: 'name', titleKey: 'labels.labelName', sortable: sortable('name'), render: (r) => <span data-testid="labels-row-name">{r.name}</span> },
  { key: 'kind', titleKey: 'labels.kind', render: (r) => <KindTag kind={r.kind} /> },
  timeColumn('createdAt', 'common.createdAt', sortable),
];
const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'labels.labelName', testId: 'labels-filter-keyword' }];

function LabelPane({ category }: { category: LabelCategoryRow }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fields = useMemo(
    () => [
      {
        name: 'categoryId',
        labelKey: 'labels.category',
        control: <Select disabled options={[{ value: category.id, label: category.name }]} data-testid="labels-categoryId" />,
      },
      { name: 'name', labelKey: 'labels.labelName', testId: 'labels-name', extraKey: 'labels.labelNameHint' },
    ],
    [category.id, category.name],
  );
  const defaults = useMemo(() => ({ categoryId: category.id }), [category.id]);
  // The category's label count and the selectors change with its labels.
  const touch = () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'label-category' || q.queryKey[0] === 'label' });
  return (
    <CrudPage<LabelRow>
      key={category.id}
      testId="labels-labels"
      titleKey={t('labels.labelsOf', { name: category.name })}
      queryKey={`label:${category.id}`}
      fetch={(p) => findLabels({ ...p, categoryId: category.id })}
      columns={columns}
      filters={filters}
      menu="bqgl"
      batch={{
        delete: async (input) => {
          await deleteLabels(input);
          await touch();
        },
      }}
      form={{
        schema: LabelInsertSchema,
        fields,
        defaults,
        toValues: (r) => ({ categoryId: r.categoryId, name: r.name }),
        create: async (v) => {
          await insertLabel(LabelInsertSchema.parse(v));
          await touch();
        },
        update: async (v) => {
          await updateLabel({ id: v.id, name: LabelInsertSchema.shape.name.parse(v.name) });
          await touch();
        },
      }}
    />
  );
}

/** Labels (`manage-label`, code bqgl): categories on the left, the picked category's labels on the right. */
export default function LabelsPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<LabelCategoryRow | null>(null);
  return (
    <Row gutter={16} data-testid="labels-page">
      <Col xs={24} lg={10}>
        <CategoryPane selected={selected} onSelect={setSelected} />
      </Col>
      <Col xs={24} lg={14}>
        {selected ? (
          <LabelPane category={selected} />
        ) : (
          <Card>
            <Empty description={t('labels.pickCategory')} data-testid="labels-pick-category" />
          </Card>
        )}
      </Col>
    </Row>
  );
}
