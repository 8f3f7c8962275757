import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Statistic, Table } from 'antd';
import { DownloadOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { useFeedback } from '../../../platform/feedback';
import { errorText } from '../../../platform/api/beyond';
import { saveDownload } from '../../../platform/api/client';
import { peopleApi } from '../../users/index';
import { classSeats, downloadEnrolmentImportErrors, downloadEnrolmentTemplate, enrolPeople, exportRoster, importEnrolments } from '../api';
import { EnrolmentTable } from './EnrolmentTable';

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
 * The roster of one class (manage-train-sign, manage-train-name): its seats, its sign-ups (`EnrolmentTable`: states,
 * filters, cancellation with a reason), direct enrolment (add-train-name), Excel import and export. Exported for the
 * class pages of the lecturer and class-teacher ends.
 */
export function ClassRosterPanel({ classId, startAdding = false }: { classId: number; /** Opens the people picker at once (add-train-name). */ startAdding?: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(startAdding);
  const [importing, setImporting] = useState(false);
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
  const mayAdd = useCan('pxapgl:add');
  const mayExportClass = useCan('pxapgl:export');
  const mayExportApproval = useCan('pxbmsp:export');
  const mayExport = mayExportClass || mayExportApproval;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="class-roster-panel">
      <Seats classId={classId} />
      <EnrolmentTable
        testId="class-roster"
        titleKey="trainEnrolments.roster"
        menu="pxapgl"
        classId={classId}
        actions={['cancel']}
        defaultSort="queueSeq"
        exportFile={mayExport ? (q) => exportRoster({ ...q, classId }) : undefined}
        toolbar={
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
