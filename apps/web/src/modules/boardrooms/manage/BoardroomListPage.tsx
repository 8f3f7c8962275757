import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { BOARDROOM_SORT_KEYS, type BoardroomRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { deleteBoardrooms, findBoardrooms } from '../api';
import { BookingsDrawer } from './BookingsDrawer';

const sortable = sortableIn(BOARDROOM_SORT_KEYS);

const columns: ColumnSpec<BoardroomRow>[] = [
  { key: 'number', titleKey: 'boardroom.number', sortable: sortable('number') },
  { key: 'name', titleKey: 'boardroom.name', sortable: sortable('name'), render: (r) => <span data-testid="boardroom-row-name">{r.name}</span> },
  { key: 'position', titleKey: 'boardroom.position', ellipsis: true },
  { key: 'facilities', titleKey: 'boardroom.facilities', ellipsis: true, priority: 'medium' },
  { key: 'capacity', titleKey: 'boardroom.capacity', sortable: sortable('capacity') },
  { key: 'orgName', titleKey: 'boardroom.org', priority: 'low' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'boardroom.keyword', testId: 'boardroom-filter-keyword' }];

/** Meeting rooms (`manage-boardroom`, code ssgl); add and edit on `add-boardroom`. */
export default function BoardroomListPage() {
  const { t } = useTranslation();
  const [room, setRoom] = useState<BoardroomRow | null>(null);
  return (
    <>
      <CrudPage<BoardroomRow>
        testId="boardrooms-page"
        titleKey="perm.ssgl"
        queryKey="boardroom"
        fetch={(p) => findBoardrooms(p)}
        columns={columns}
        filters={filters}
        menu="ssgl"
        batch={{ delete: deleteBoardrooms }}
        form={{ addPath: '/dashboard/add-boardroom', editPath: (r) => `/dashboard/add-boardroom?id=${r.id}` }}
        extraRowActions={(r) => (
          <Button type="link" size="small" onClick={() => setRoom(r)} data-testid="boardroom-bookings-open">
            {t('boardroom.bookings')}
          </Button>
        )}
      />
      <BookingsDrawer room={room} onClose={() => setRoom(null)} />
    </>
  );
}
