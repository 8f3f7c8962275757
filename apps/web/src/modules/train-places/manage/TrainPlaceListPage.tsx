import { TRAIN_PLACE_SORT_KEYS, type TrainPlaceRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { deleteTrainPlaces, findTrainPlaces } from '../api';

const sortable = sortableIn(TRAIN_PLACE_SORT_KEYS);

const columns: ColumnSpec<TrainPlaceRow>[] = [
  { key: 'name', titleKey: 'trainPlace.name', sortable: sortable('name'), render: (r) => <span data-testid="train-place-row-name">{r.name}</span> },
  { key: 'contact', titleKey: 'trainPlace.contact' },
  { key: 'city', titleKey: 'trainPlace.city', sortable: sortable('city') },
  { key: 'address', titleKey: 'trainPlace.address', ellipsis: true },
  { key: 'orgName', titleKey: 'trainPlace.org', priority: 'low' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'trainPlace.keyword', testId: 'train-place-filter-keyword' },
  { name: 'city', labelKey: 'trainPlace.city', testId: 'train-place-filter-city' },
];

/** Training sites (`manage-train-place`, code pxcdgl); add, edit and details on `train-place-detail`. */
export default function TrainPlaceListPage() {
  return (
    <CrudPage<TrainPlaceRow>
      testId="train-places-page"
      titleKey="perm.pxcdgl"
      queryKey="train-place"
      fetch={(p) => findTrainPlaces(p)}
      columns={columns}
      filters={filters}
      menu="pxcdgl"
      batch={{ delete: deleteTrainPlaces }}
      form={{ addPath: '/dashboard/train-place-detail', editPath: (r) => `/dashboard/train-place-detail?id=${r.id}` }}
    />
  );
}
