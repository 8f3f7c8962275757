import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { POSITION_SORT_KEYS, type PositionRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { getLabelOptions } from '../../labels/index';
import { deletePositions, findPositions } from '../api';

const sortable = sortableIn(POSITION_SORT_KEYS);

const columns: ColumnSpec<PositionRow>[] = [
  { key: 'name', titleKey: 'positions.name', sortable: sortable('name'), render: (r) => <span data-testid="position-row-name">{r.name}</span> },
  {
    key: 'labels',
    titleKey: 'positions.labels',
    render: (r) => (
      <Space size={[0, 4]} wrap>
        {r.labels.map((l) => (
          <Tag key={l.id} color="blue">
            {l.name}
          </Tag>
        ))}
      </Space>
    ),
  },
  { key: 'description', titleKey: 'positions.description' },
  { key: 'userCount', titleKey: 'positions.userCount' },
  { key: 'sort', titleKey: 'positions.sort', sortable: sortable('sort') },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

/** Positions (`manage-job`, code gwgl): list with position labels; add and edit on `add-job`. */
export default function PositionListPage() {
  const options = useQuery({ queryKey: ['label', 'options', 'job'], queryFn: () => getLabelOptions({ kind: 'job' }), staleTime: 60_000 });
  const filters = useMemo<FilterSpec[]>(
    () => [
      { name: 'keyword', labelKey: 'positions.name', testId: 'position-filter-keyword' },
      {
        name: 'labelId',
        labelKey: 'positions.labels',
        kind: 'select',
        testId: 'position-filter-label',
        // Label names are data, not keys: the " / " keeps them from ever matching a catalogue key.
        options: (options.data ?? []).flatMap((g) => g.labels.map((l) => ({ value: l.id, labelKey: `${g.name} / ${l.name}` }))),
      },
    ],
    [options.data],
  );
  return (
    <CrudPage<PositionRow>
      testId="positions-page"
      titleKey="perm.gwgl"
      queryKey="position"
      fetch={(p) => findPositions(p)}
      columns={columns}
      filters={filters}
      menu="gwgl"
      batch={{ delete: deletePositions }}
      form={{ addPath: '/dashboard/add-job', editPath: (r) => `/dashboard/add-job?id=${r.id}` }}
    />
  );
}
