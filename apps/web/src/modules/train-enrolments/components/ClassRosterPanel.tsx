import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Statistic, Table } from 'antd';
import { DownloadOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TRAIN_ENROLMENT_REASON_MAX, TRAIN_ENROLMENT_SORT_KEYS, type TrainEnrolmentRow } from '@hanlin/shared';
import { CrudPage, ImportDialog, RowActions, sortableIn, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { useFeedback } from '../../../platform/feedback';
import { errorText } from '../../../platform/api/beyond';
import { saveDownload } from '../../../platform/api/client';
import { peopleApi } from '../../users/index';
import { cancelEnrolments, classSeats, downloadEnrolmentImportErrors, downloadEnrolmentTemplate, enrolPeople, exportRoster, findEnrolments, importEnrolments } from '../api';
import { EnrolmentStateTag, STATE_OPTIONS } from './enrolment-meta';

const sortable = sortableIn(TRAIN_ENROLMENT_SORT_KEYS);

export const rosterColumns = (withClass: boolean): ColumnSpec<TrainEnrolmentRow>[] => [
  ...(withClass ? [{ key: 'className', titleKey: 'trainEnrolments.class' } as const] : []),
  { key: 'realname', titleKey: 'trainEnrolments.person', sortable: sortable('realname'), render: (r) => <span data-testid="enrolment-row-name">{r.realname}</span> },
  { key: 'username', titleKey: 'trainEnrolments.username' },
  { key: 'orgName', titleKey: 'trainEnrolments.org' },
  { key: 'state', titleKey: 'common.status', render: (r) => <EnrolmentStateTag state={r.state} /> },
  { key: 'queuePosition', titleKey: 'trainEnrolments.queuePosition', sortable: sortable('queueSeq') },
  { key: 'source', titleKey: 'trainEnrolments.source', render: (r) => <TranslatedSource source={r.source} /> },
  { key: 'reason', titleKey: 'trainEnrolments.reason', ellipsis: true, priority: 'medium' },
  { key: 'reRegistrations', titleKey: 'trainEnrolments.reRegistrations', priority: 'low' },
  timeColumn('createdAt', 'trainEnrolments.signedUpAt', sortable),
];

function TranslatedSource({ source }: { source: TrainEnrolmentRow['source'] }) {
  const { t } = useTranslation();
  return <>{t(`trainEnrolments.source_${source}`)}</>;
}

export const rosterFilters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'trainEnrolments.keyword', testId: 'enrolment-filter-keyword' },
  { name: 'state', labelKey: 'common.status', kind: 'select', options: STATE_OPTIONS, testId: 'enrolment-filter-state' },
];

/** Cancels sign-ups with the reason each person is told; a seat freed goes to the first in the queue. */
export function CancelDialog({ ids, onClose }: { ids: number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={ids.length > 0}
      destroyOnHidden
      title={t('trainEnrolments.cancelTitle', { n: ids.length })}
      okText={t('trainEnrolments.cancel')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy, 'data-testid': 'enrolment-cancel-ok' }}
      onCancel={() => onClose(false)}
      afterOpenChange={(o) => !o && setReason('')}
      onOk={async () => {
        setBusy(true);
        try {
          await cancelEnrolments({ ids, reason: reason.trim() });
          message.success(t('common.done'));
          onClose(true);
        } catch (e) {
          message.error(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input.TextArea
        rows={3}
        value={reason}
        maxLength={TRAIN_ENROLMENT_REASON_MAX}
        showCount
        placeholder={t('trainEnrolments.reasonPlaceholder')}
        onChange={(e) => setReason(e.target.value)}
        data-testid="enrolment-cancel-reason"
      />
    </Modal>
  );
}

/** Picks people (employees, or students for those who manage them) to enrol directly (add-train-name). */
export function AddPeopleDialog({ classId, open, onClose }: { classId: number; open: boolean; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const mayUsers = useCan('yhgl');
  const mayStudents = useCan('xsgl');
  const kind = mayUsers || !mayStudents ? 'employee' : 'student';
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const people = useQuery({
    queryKey: ['trainEnrolment', 'people', kind, keyword, page],
    queryFn: () => peopleApi(kind).find({ page, size: 10, keyword: keyword || undefined }),
    enabled: open,
  });
  return (
    <Modal
      open={open}
      width={720}
      destroyOnHidden
      title={t('trainEnrolments.addPeople')}
      okText={t('trainEnrolments.addPicked', { n: picked.length })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !picked.length, loading: busy, 'data-testid': 'enrolment-add-ok' }}
      afterOpenChange={(o) => !o && setPicked([])}
      onCancel={() => onClose(false)}
      onOk={async () => {
        setBusy(true);
        try {
          const r = await enrolPeople({ classId, userIds: picked });
          message.success(t('trainEnrolments.enrolled', r));
          onClose(true);
        } catch (e) {
          message.error(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input.Search
        allowClear
        placeholder={t('trainEnrolments.keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
        data-testid="enrolment-add-search"
      />
      <Table
        size="small"
        rowKey="id"
        loading={people.isLoading}
        dataSource={people.data?.records ?? []}
        rowSelection={{ selectedRowKeys: picked, preserveSelectedRowKeys: true, onChange: (keys) => setPicked(keys.map(Number)) }}
        pagination={{ current: page, pageSize: 10, total: people.data?.total ?? 0, onChange: setPage, size: 'small' }}
        columns={[
          { key: 'realname', dataIndex: 'realname', title: t('trainEnrolments.person') },
          { key: 'username', dataIndex: 'username', title: t('trainEnrolments.username') },
          { key: 'orgName', dataIndex: 'orgName', title: t('trainEnrolments.org') },
        ]}
      />
    </Modal>
  );
}

function Seats({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const seats = useQuery({ queryKey: ['trainEnrolment', 'seats', classId], queryFn: () => classSeats(classId) });
  if (!seats.data) return null;
  const s = seats.data;
  return (
    <Space size={24} wrap data-testid="enrolment-seats">
      <Statistic title={t('trainEnrolments.seatsTaken')} value={`${s.taken} / ${s.total}`} />
      <Statistic title={t('trainEnrolments.queued')} value={s.queued} />
      <Statistic title={t('trainEnrolments.pending')} value={s.pending} />
    </Space>
  );
}

/**
 * The roster of one class (manage-train-sign, manage-train-name): the sign-ups with their states, filters,
 * direct enrolment (add-train-name), Excel import and export, cancellation with a reason. Exported for the
 * class pages of the lecturer and class-teacher ends.
 */
export function ClassRosterPanel({ classId, startAdding = false }: { classId: number; /** Opens the people picker at once (add-train-name). */ startAdding?: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(startAdding);
  const [importing, setImporting] = useState(false);
  const [cancelling, setCancelling] = useState<number[]>([]);
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
  const mayAdd = useCan('pxapgl:add');
  const mayExportClass = useCan('pxapgl:export');
  const mayExportApproval = useCan('pxbmsp:export');
  const mayExport = mayExportClass || mayExportApproval;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="class-roster-panel">
      <Seats classId={classId} />
      <CrudPage<TrainEnrolmentRow>
        testId="class-roster"
        titleKey="trainEnrolments.roster"
        queryKey="trainEnrolment"
        fetch={(p) => findEnrolments(p)}
        extraFilters={{ classId }}
        columns={rosterColumns(false)}
        filters={rosterFilters}
        menu="pxapgl"
        selectable={false}
        defaultSort="queueSeq"
        exportFile={mayExport ? (q) => exportRoster({ ...q, classId }) : undefined}
        extraRowActions={(r) => (
          <RowActions
            record={r}
            actions={[{ key: 'cancel', label: t('trainEnrolments.cancel'), danger: true, run: (row) => setCancelling([row.id]), testId: 'enrolment-row-cancel' }]}
          />
        )}
        toolbar={() =>
          mayAdd ? (
            <Space wrap>
              <Button icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="enrolment-add">
                {t('trainEnrolments.addPeople')}
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadEnrolmentTemplate().then(saveDownload)} data-testid="enrolment-template">
                {t('trainEnrolments.template')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="enrolment-import">
                {t('trainEnrolments.import')}
              </Button>
            </Space>
          ) : null
        }
      />
      <AddPeopleDialog
        classId={classId}
        open={adding}
        onClose={(done) => {
          setAdding(false);
          if (done) refresh();
        }}
      />
      <CancelDialog
        ids={cancelling}
        onClose={(done) => {
          setCancelling([]);
          if (done) refresh();
        }}
      />
      <ImportDialog
        open={importing}
        title={t('trainEnrolments.importTitle')}
        testId="enrolment-import"
        upload={(input) => importEnrolments(classId, input)}
        downloadTemplate={downloadEnrolmentTemplate}
        downloadErrors={downloadEnrolmentImportErrors}
        fieldLabel={(f) => t(`trainEnrolments.importField.${f}`, { defaultValue: f })}
        reasonLabel={(r) => t(`trainEnrolments.importReason.${r}`, { defaultValue: r })}
        onClose={(imported) => {
          setImporting(false);
          if (imported) refresh();
        }}
      />
    </Space>
  );
}
