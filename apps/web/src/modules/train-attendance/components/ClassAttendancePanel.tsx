import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Select, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ATTENDANCE_IMPORT_REASONS,
  ATTENDANCE_SHEET_LIFECYCLE,
  ATTENDANCE_STATUSES,
  type AttendanceSheet,
  type AttendanceStatus,
  type AttendanceTrainee,
} from '@hanlin/shared';
import { codeText } from '../../../platform/i18n';
import { LifecycleTag } from '../../../platform/lifecycle';
import { useCan } from '../../../platform/permission';
import { ImportDialog } from '../../../platform/kernel';
import { saveDownload } from '../../../platform/api/client';
import { useFeedback } from '../../../platform/feedback';
import {
  approveAttendance,
  downloadAttendanceImportErrors,
  downloadAttendanceTemplate,
  enterAttendance,
  exportAttendanceStats,
  getAttendanceSheet,
  importAttendance,
  refuseAttendance,
  reopenAttendance,
  submitAttendance,
} from '../api';
import { AttendanceStatsView } from './AttendanceStatsView';

const STATUS_COLORS: Record<AttendanceStatus, string> = { present: 'green', late: 'orange', absent: 'red', leave: 'blue' };
const keyOf = (stageId: number, userId: number) => `${stageId}:${userId}`;
export const sheetQueryKey = (classId: number) => ['train-attendance', 'sheet', classId] as const;

/**
 * One class's attendance (manage-train-attendance, enter-attendance, the class teacher's class page): the grid of
 * admitted trainees × stages with manual entry, the import, the approval actions the sheet's abilities allow,
 * and the statistics.
 */
export function ClassAttendancePanel({ classId }: { classId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const canImport = useCan('pxkqsp:import');
  const canExport = useCan('pxkqsp:export');
  const sheet = useQuery({ queryKey: sheetQueryKey(classId), queryFn: () => getAttendanceSheet({ classId }) });
  const [edits, setEdits] = useState<Record<string, AttendanceStatus>>({});
  const [importing, setImporting] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const refresh = () => {
    setEdits({});
    void qc.invalidateQueries({ queryKey: ['train-attendance'] });
  };
  const command = useMutation({
    mutationFn: async (c: 'submit' | 'approve' | 'refuse' | 'reopen') => {
      if (c === 'submit') return submitAttendance({ classId });
      if (c === 'approve') return approveAttendance({ classId });
      if (c === 'reopen') return reopenAttendance({ classId });
      return refuseAttendance({ classId, reason });
    },
    onSuccess: (next: AttendanceSheet) => {
      qc.setQueryData(sheetQueryKey(classId), next);
      setRefusing(false);
      setReason('');
      refresh();
      message.success(t('trainAttendance.done'));
    },
  });
  const save = useMutation({
    mutationFn: () =>
      enterAttendance({
        classId,
        entries: Object.entries(edits).map(([k, status]) => {
          const [stageId, userId] = k.split(':').map(Number);
          return { stageId, userId, status };
        }),
      }),
    onSuccess: () => {
      message.success(t('trainAttendance.saved'));
      refresh();
    },
  });

  const recorded = useMemo(() => new Map((sheet.data?.records ?? []).map((r) => [keyOf(r.stageId, r.userId), r.status])), [sheet.data]);
  if (sheet.isPending) return <Spin data-testid="attendance-loading" />;
  if (!sheet.data) return <Alert type="error" title={t('trainAttendance.loadFailed')} />;
  const s = sheet.data;
  const a = s.abilities;
  const dirty = Object.keys(edits).length;
  const statusLabel = (st: AttendanceStatus) => t(`trainAttendance.status_${st}`);
  const options = ATTENDANCE_STATUSES.map((st) => ({ value: st, label: statusLabel(st) }));
  const setAll = (stageId: number, status: AttendanceStatus) =>
    setEdits((e) => ({ ...e, ...Object.fromEntries(s.trainees.map((tr) => [keyOf(stageId, tr.userId), status])) }));

  const columns = [
    {
      key: 'trainee',
      title: t('trainAttendance.trainee'),
      fixed: 'left' as const,
      width: 160,
      render: (_: unknown, tr: AttendanceTrainee) => (
        <span data-testid="attendance-trainee">
          {tr.realname}
          <Typography.Text type="secondary"> {tr.username}</Typography.Text>
        </span>
      ),
    },
    { key: 'org', title: t('trainAttendance.org'), width: 140, render: (_: unknown, tr: AttendanceTrainee) => tr.orgName ?? '' },
    ...s.stages.map((st) => ({
      key: `stage-${st.id}`,
      width: 150,
      title: (
        <Space direction="vertical" size={0}>
          <span>{st.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {new Date(st.startsAt).toLocaleString(i18n.language)}
          </Typography.Text>
          {a.modify && (
            <Button size="small" type="link" data-testid={`attendance-all-present-${st.id}`} onClick={() => setAll(st.id, 'present')}>
              {t('trainAttendance.allPresent')}
            </Button>
          )}
        </Space>
      ),
      render: (_: unknown, tr: AttendanceTrainee) => {
        const k = keyOf(st.id, tr.userId);
        const value = edits[k] ?? recorded.get(k);
        if (!a.modify)
          return value ? (
            <Tag color={STATUS_COLORS[value]} data-testid="attendance-cell">
              {statusLabel(value)}
            </Tag>
          ) : (
            <span data-testid="attendance-cell">—</span>
          );
        return (
          <Select<AttendanceStatus>
            size="small"
            style={{ width: 110 }}
            data-testid={`attendance-cell-${st.id}-${tr.userId}`}
            placeholder={t('trainAttendance.unmarked')}
            value={value}
            options={options}
            onChange={(v) => setEdits((e) => ({ ...e, [k]: v }))}
          />
        );
      },
    })),
  ];

  const grid = (
    <>
      {a.modify && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button type="primary" disabled={!dirty} loading={save.isPending} data-testid="attendance-save" onClick={() => save.mutate()}>
            {t('trainAttendance.save')}
          </Button>
          {dirty > 0 && <Typography.Text type="warning">{t('trainAttendance.unsaved', { count: dirty })}</Typography.Text>}
          {canImport && (
            <Button data-testid="attendance-import" onClick={() => setImporting(true)}>
              {t('trainAttendance.import')}
            </Button>
          )}
        </Space>
      )}
      {s.stages.length === 0 || s.trainees.length === 0 ? (
        <Empty description={t(s.stages.length ? 'trainAttendance.noTrainees' : 'trainAttendance.noStages')} />
      ) : (
        <Table<AttendanceTrainee> rowKey="userId" size="small" columns={columns} dataSource={s.trainees} pagination={false} scroll={{ x: 'max-content' }} />
      )}
    </>
  );

  return (
    <div data-testid="class-attendance-panel">
      <Space style={{ marginBottom: 12 }} wrap>
        <LifecycleTag lifecycle={ATTENDANCE_SHEET_LIFECYCLE} state={s.state} testId="attendance-sheet-state" />
        {a.submit && (
          <Popconfirm title={t('trainAttendance.submitConfirm')} onConfirm={() => command.mutate('submit')}>
            <Button data-testid="attendance-submit" disabled={dirty > 0} loading={command.isPending}>
              {t('trainAttendance.submit')}
            </Button>
          </Popconfirm>
        )}
        {a.approve && (
          <Button type="primary" data-testid="attendance-approve" loading={command.isPending} onClick={() => command.mutate('approve')}>
            {t('trainAttendance.approve')}
          </Button>
        )}
        {a.refuse && (
          <Button danger data-testid="attendance-refuse" onClick={() => setRefusing(true)}>
            {t('trainAttendance.refuse')}
          </Button>
        )}
        {a.reopen && (
          <Popconfirm title={t('trainAttendance.reopenConfirm')} onConfirm={() => command.mutate('reopen')}>
            <Button data-testid="attendance-reopen">{t('trainAttendance.reopen')}</Button>
          </Popconfirm>
        )}
        {canExport && (
          <Button data-testid="attendance-export" onClick={() => void exportAttendanceStats({ classId }).then(saveDownload)}>
            {t('trainAttendance.export')}
          </Button>
        )}
      </Space>
      {/* The server keeps a reason only while the sheet stands refused (a submission clears it). */}
      {s.reason ? (
        <Alert type="warning" style={{ marginBottom: 12 }} data-testid="attendance-refused-reason" title={t('trainAttendance.refusedBecause', { reason: s.reason })} />
      ) : null}
      <Tabs
        items={[
          { key: 'grid', label: t('trainAttendance.grid'), children: grid },
          { key: 'stats', label: t('trainAttendance.stats'), children: <AttendanceStatsView classId={classId} /> },
        ]}
      />
      <ImportDialog
        open={importing}
        title={t('trainAttendance.importTitle')}
        testId="attendance-import"
        upload={(input) => importAttendance(classId, input)}
        downloadTemplate={downloadAttendanceTemplate}
        downloadErrors={downloadAttendanceImportErrors}
        fieldLabel={(f) => t(`trainAttendance.importField.${f}`, { defaultValue: f })}
        reasonLabel={(r) => codeText(ATTENDANCE_IMPORT_REASONS, r)}
        onClose={(imported) => {
          setImporting(false);
          if (imported) refresh();
        }}
      />
      <Modal
        open={refusing}
        title={t('trainAttendance.refuse')}
        onCancel={() => setRefusing(false)}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'attendance-refuse-ok' }}
        confirmLoading={command.isPending}
        onOk={() => command.mutate('refuse')}
      >
        <Input.TextArea
          data-testid="attendance-refuse-reason"
          maxLength={500}
          rows={3}
          placeholder={t('trainAttendance.refuseReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
}
