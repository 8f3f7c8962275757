import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OUTSIDE_TRAINING_SORT_KEYS, type OutsideTrainingRow, isOneOf } from '@hanlin/shared';
import { CrudPage, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { findOutsideTrainings } from '../api';
import { OutsideTrainingStateTag, STATE_OPTIONS, yuan } from '../components/outside-training-meta';

const sortable = (k: string) => isOneOf(OUTSIDE_TRAINING_SORT_KEYS, k);

const columns: ColumnSpec<OutsideTrainingRow>[] = [
  { key: 'course', titleKey: 'outsideTrainings.course', render: (r) => <span data-testid="outside-training-row-course">{r.course}</span> },
  { key: 'institutionName', titleKey: 'outsideTrainings.institution' },
  { key: 'creatorName', titleKey: 'outsideTrainings.applicant' },
  { key: 'orgName', titleKey: 'outsideTrainings.org' },
  { key: 'startDate', titleKey: 'outsideTrainings.startDate', sortable: sortable('startDate') },
  { key: 'endDate', titleKey: 'outsideTrainings.endDate' },
  { key: 'cost', titleKey: 'outsideTrainings.cost', sortable: sortable('cost'), render: (r) => <span data-testid="outside-training-row-cost">{yuan(r.cost)}</span> },
  { key: 'state', titleKey: 'common.status', render: (r) => <OutsideTrainingStateTag state={r.state} /> },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'outside-training-filter-keyword' },
  { name: 'state', labelKey: 'common.status', kind: 'select', options: STATE_OPTIONS },
];

function DetailLink({ row }: { row: OutsideTrainingRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" data-testid="outside-training-detail" onClick={() => void navigate(`/dashboard/train-out-detail?id=${row.id}`)}>
      {t('outsideTrainings.detail')}
    </Button>
  );
}

/** Outside training (`manage-train-out`, code wxpx): the applications of the organizations in the reader's scope; decisions happen in the approval pages. */
export default function OutsideTrainingListPage() {
  return (
    <CrudPage<OutsideTrainingRow>
      testId="outside-training-page"
      titleKey="perm.wxpx"
      queryKey="outsideTraining"
      fetch={(p) => findOutsideTrainings(p)}
      columns={columns}
      filters={filters}
      menu="wxpx"
      selectable={false}
      extraRowActions={(r) => <DetailLink row={r} />}
    />
  );
}
