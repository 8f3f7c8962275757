import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { POSITION_SORT_KEYS, type PositionRow } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { getLabelOptions } from '../../labels/api';
import { deletePositions, findPositions } from '../api';

const sortable = (k: string) => (POSITION_SORT_KEYS as readonly string[]).includes(k);

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
  { key: 'createdAt', titleKey: 'common.createdAt', sortable: sortable('createdAt'), render: (r) => formatTime(r.createdAt) },
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
