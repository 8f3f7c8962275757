import { useState } from 'react';
import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PersonReport, PersonReportRow } from '@hanlin/shared';
import { CrudPage, keyedBy, type ColumnSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { durationText, learnerColumns, learnerFilters } from '../components/report-parts';
import { exportPersonReport, findPersonReport } from '../api';

type Row = PersonReportRow & { id: number };

function Kind({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return <>{t(required ? 'report.required' : 'report.elective')}</>;
}

const columns: ColumnSpec<Row>[] = [
  { key: 'courseName', titleKey: 'report.course', sortable: true },
  { key: 'required', titleKey: 'report.kind', render: (r) => <Kind required={r.required} /> },
  ...learnerColumns<Row>([{ key: 'credits', titleKey: 'report.credits' }]),
];

const filters = learnerFilters('report.courseKeyword');

/** `person-report?userId=` (bbtj): one person's courses with progress, time, score and passed at. */
export default function PersonReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId')) || 0;
  const [user, setUser] = useState<Pick<PersonReport, 'user' | 'totals'> | null>(null);
  if (!userId) return <Empty description={t('common.notFound')} />;
  return (
    <>
      {user ? (
        <Descriptions size="small" style={{ marginBottom: 12 }} data-testid="person-report-user">
          <Descriptions.Item label={t('report.realname')}>{user.user.realname}</Descriptions.Item>
          <Descriptions.Item label={t('report.username')}>{user.user.username}</Descriptions.Item>
          <Descriptions.Item label={t('report.org')}>{user.user.orgName}</Descriptions.Item>
          <Descriptions.Item label={t('report.learning')}>{user.totals.learning}</Descriptions.Item>
          <Descriptions.Item label={t('report.passed')}>{user.totals.passed}</Descriptions.Item>
          <Descriptions.Item label={t('report.learnedTime')}>{durationText(user.totals.learnedSeconds)}</Descriptions.Item>
          <Descriptions.Item label={t('report.credits')}>{user.totals.credits}</Descriptions.Item>
          <Descriptions.Item label={t('report.lastLearnedAt')}>{formatTime(user.totals.lastLearnedAt)}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <CrudPage<Row>
        testId="person-report"
        titleKey="page.person-report"
        queryKey="person-report"
        fetch={async (p) => {
          const res = await findPersonReport({ ...p, userId });
          setUser({ user: res.user, totals: res.totals });
          return keyedBy('courseId', res);
        }}
        columns={columns}
        filters={filters}
        extraFilters={{ userId }}
        menu="bbtj"
        exportFile={(q) => exportPersonReport({ ...q, userId })}
      />
    </>
  );
}
