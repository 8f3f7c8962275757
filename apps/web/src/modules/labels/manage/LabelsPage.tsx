import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Segmented, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LABEL_SORT_KEYS, LabelInsertSchema, type LabelCategoryRow, type LabelKind, type LabelRow } from '@hanlin/shared';
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

/** The pages of one kind (spec §2 `label-job`, `label-course`, `label-question`), beside the page of every kind. */
export const KIND_PAGES: readonly { kind: LabelKind; path: string }[] = [
  { kind: 'job', path: 'label-job' },
  { kind: 'course', path: 'label-course' },
  { kind: 'question', path: 'label-question' },
];

/** Switches between the page of every kind (`manage-label`) and the pages of one kind. */
function KindPageSwitch({ kind }: { kind?: LabelKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Segmented
      style={{ marginBottom: 16 }}
      data-testid="labels-kind-pages"
      value={KIND_PAGES.find((p) => p.kind === kind)?.path ?? 'manage-label'}
      onChange={(path) => void navigate(`/dashboard/${path}`)}
      options={[{ value: 'manage-label', label: t('labels.allKinds') }, ...KIND_PAGES.map((p) => ({ value: p.path, label: t(`page.${p.path}`) }))]}
    />
  );
}

/** Labels (`manage-label`, code bqgl): categories on the left, the picked category's labels on the right; `kind` keeps one kind. */
export function LabelsPage({ kind }: { kind?: LabelKind }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<LabelCategoryRow | null>(null);
  return (
    <Row gutter={16} data-testid={kind ? `labels-page-${kind}` : 'labels-page'}>
      <Col span={24}>
        <KindPageSwitch kind={kind} />
      </Col>
      <Col xs={24} lg={10}>
        <CategoryPane key={kind ?? 'all'} selected={selected} onSelect={setSelected} kind={kind} />
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

export default function AllLabelsPage() {
  return <LabelsPage />;
}
