import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage, timeColumn, type ColumnSpec, type FilterSpec, sortableIn } from '../../../platform/kernel';
import { TRAIN_CLASS_SORT_KEYS, type TrainClassRow } from '@hanlin/shared';
import { obeyAbilities } from '../../../platform/lifecycle';
import { completeTrainClasses, deleteTrainClasses, exportTrainClasses, findTrainClasses, offlineTrainClasses, publishTrainClasses, submitTrainClass } from '../api';
import { DISPLAY_OPTIONS, DisplayStateTag, MODE_OPTIONS, STATE_OPTIONS, TrainClassStateTag } from '../components/meta';
import { CancelClassButton } from '../components/CancelClassButton';

const sortable = sortableIn(TRAIN_CLASS_SORT_KEYS);

function ModeText({ mode }: { mode: TrainClassRow['mode'] }) {
  const { t } = useTranslation();
  return <>{t(`trainClasses.mode_${mode}`)}</>;
}

const columns: ColumnSpec<TrainClassRow>[] = [
  { key: 'code', titleKey: 'trainClasses.code', sortable: sortable('code'), priority: 'medium' },
  { key: 'name', titleKey: 'trainClasses.name', sortable: sortable('name'), ellipsis: true, render: (r) => <span data-testid="train-class-row-name">{r.name}</span> },
  { key: 'orgName', titleKey: 'trainClasses.org', priority: 'medium' },
  { key: 'mode', titleKey: 'trainClasses.mode', render: (r) => <ModeText mode={r.mode} /> },
  timeColumn('startAt', 'trainClasses.startAt', sortable),
  timeColumn('endAt', 'trainClasses.endAt', sortable),
  timeColumn('enrolEndAt', 'trainClasses.enrolEndAt', sortable),
  { key: 'traineeQuota', titleKey: 'trainClasses.traineeQuota', priority: 'low' },
  { key: 'headmasterName', titleKey: 'trainClasses.headmaster', priority: 'low' },
  { key: 'state', titleKey: 'common.status', render: (r) => <TrainClassStateTag state={r.state} /> },
  { key: 'displayState', titleKey: 'trainClasses.displayState', render: (r) => <DisplayStateTag state={r.displayState} /> },
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'train-class-filter-keyword' },
  { name: 'state', labelKey: 'common.status', kind: 'select', options: STATE_OPTIONS, testId: 'train-class-filter-state' },
  { name: 'displayState', labelKey: 'trainClasses.displayState', kind: 'select', options: DISPLAY_OPTIONS, testId: 'train-class-filter-display' },
  { name: 'mode', labelKey: 'trainClasses.mode', kind: 'select', options: MODE_OPTIONS },
  { name: 'span', labelKey: 'trainClasses.span', kind: 'daterange', range: { from: 'from', to: 'to' } },
];

/** The row offers what the server's `abilities` allow (the kernel's `unpublish` is the class's `offline`). */
const rowAllows = obeyAbilities<TrainClassRow>({ unpublish: 'offline' });

function DetailLink({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" onClick={() => void navigate(`/dashboard/manage-trainClass?id=${id}`)} data-testid="train-class-detail">
      {t('trainClasses.detail')}
    </Button>
  );
}

function CalendarLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button onClick={() => void navigate('/dashboard/manage-train-calendar')} data-testid="train-class-calendar">
      {t('trainClasses.calendar')}
    </Button>
  );
}

/**
 * Training classes (`manage-train-class`, code pxapgl): list with state and progress, publish, take
 * offline, cancel with a reason, complete, submit the application, delete, Excel; add and edit on `add-train-class`.
 */
export default function TrainClassListPage() {
  return (
    <CrudPage<TrainClassRow>
      testId="train-class-page"
      titleKey="perm.pxapgl"
      queryKey="trainClass"
      fetch={(p) => findTrainClasses(p)}
      columns={columns}
      filters={filters}
      menu="pxapgl"
      batch={{ publish: publishTrainClasses, unpublish: offlineTrainClasses, delete: deleteTrainClasses }}
      labels={{ unpublish: 'trainClasses.offline' }}
      rowBatch={['publish', 'unpublish', 'delete']}
      rowAllows={rowAllows}
      extraBatch={[
        {
          key: 'submit',
          labelKey: 'trainClasses.submit',
          perm: 'pxapgl:modify',
          run: async (ids) => {
            for (const id of ids) await submitTrainClass({ id });
          },
          row: (r) => r.abilities.submit,
        },
        { key: 'complete', labelKey: 'trainClasses.complete', perm: 'pxapgl:modify', run: (ids) => completeTrainClasses({ ids }), row: (r) => r.abilities.complete },
      ]}
      extraRowActions={(r) => (
        <>
          <DetailLink id={r.id} />
          {r.abilities.cancel ? <CancelClassButton id={r.id} /> : null}
        </>
      )}
      exportFile={(q) => exportTrainClasses(q)}
      toolbar={() => <CalendarLink />}
      form={{ addPath: '/dashboard/add-train-class', editPath: (r) => `/dashboard/add-train-class?id=${r.id}` }}
    />
  );
}
