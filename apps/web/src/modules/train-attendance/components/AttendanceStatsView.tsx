import { Alert, Card, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AttendanceStats } from '@hanlin/shared';
import { getAttendanceStats } from '../api';

type StageStat = AttendanceStats['stages'][number];
type PersonStat = AttendanceStats['people'][number];
type OrgStat = AttendanceStats['orgs'][number];
const percent = (r: number) => `${Math.round(r * 1000) / 10}%`;

/** A class's attendance statistics: per stage (rate over the admitted trainees), per person, per organization. */
export function AttendanceStatsView({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const stats = useQuery({ queryKey: ['train-attendance', 'stats', classId], queryFn: () => getAttendanceStats({ classId }) });
  if (stats.isPending) return <Spin />;
  if (!stats.data) return <Alert type="error" title={t('trainAttendance.loadFailed')} />;
  const s = stats.data;
  const rate = { key: 'rate', title: t('trainAttendance.rate'), render: (_: unknown, r: { rate: number }) => <span data-testid="attendance-rate">{percent(r.rate)}</span> };
  return (
    <div data-testid="attendance-stats">
      <Typography.Paragraph>{t('trainAttendance.traineeCount', { count: s.trainees })}</Typography.Paragraph>
      <Card size="small" title={t('trainAttendance.perStage')} style={{ marginBottom: 12 }}>
        <Table<StageStat>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={s.stages}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('trainAttendance.stage') },
            { key: 'present', dataIndex: 'present', title: t('trainAttendance.status_present') },
            { key: 'late', dataIndex: 'late', title: t('trainAttendance.status_late') },
            { key: 'absent', dataIndex: 'absent', title: t('trainAttendance.status_absent') },
            { key: 'leave', dataIndex: 'leave', title: t('trainAttendance.status_leave') },
            { key: 'unmarked', dataIndex: 'unmarked', title: t('trainAttendance.unmarked') },
            rate,
          ]}
        />
      </Card>
      <Card size="small" title={t('trainAttendance.perPerson')} style={{ marginBottom: 12 }}>
        <Table<PersonStat>
          rowKey="userId"
          size="small"
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          dataSource={s.people}
          columns={[
            { key: 'realname', dataIndex: 'realname', title: t('trainAttendance.trainee'), sorter: (x, y) => x.realname.localeCompare(y.realname) },
            { key: 'org', dataIndex: 'orgName', title: t('trainAttendance.org') },
            { key: 'attended', title: t('trainAttendance.attended'), render: (_: unknown, r) => `${r.attended} / ${r.total}`, sorter: (x, y) => x.attended - y.attended },
            { ...rate, sorter: (x: PersonStat, y: PersonStat) => x.rate - y.rate },
          ]}
        />
      </Card>
      <Card size="small" title={t('trainAttendance.perOrg')}>
        <Table<OrgStat>
          rowKey={(r) => r.orgName ?? ''}
          size="small"
          pagination={false}
          dataSource={s.orgs}
          columns={[
            { key: 'org', dataIndex: 'orgName', title: t('trainAttendance.org') },
            { key: 'people', dataIndex: 'people', title: t('trainAttendance.people') },
            { key: 'attended', title: t('trainAttendance.attended'), render: (_: unknown, r) => `${r.attended} / ${r.possible}` },
            rate,
          ]}
        />
      </Card>
    </div>
  );
}
