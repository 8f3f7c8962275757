import { Button, Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PersonExamRow } from '@hanlin/shared';
import { formatTime } from '../../../../platform/format';
import { getPersonExams } from '../../grades-api';
import { PassedTag, idParam } from './parts';

/** `test-integral-detail?userId=` (cjgl): one person's exams, the best attempt of each. */
export default function PersonExamsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = idParam(params, 'userId');
  const { data, isLoading } = useQuery({ queryKey: ['person-exams', userId], queryFn: () => getPersonExams(userId), enabled: userId > 0 });
  if (!userId) return <Empty description={t('common.notFound')} />;
  return (
    <Card title={t('page.test-integral-detail')}>
      <Table<PersonExamRow>
        size="small"
        rowKey="examId"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { key: 'examName', dataIndex: 'examName', title: t('grades.examName') },
          { key: 'attempts', dataIndex: 'attempts', title: t('grades.attemptsUsed') },
          { key: 'score', dataIndex: 'score', title: t('grades.score'), render: (v: number | null) => v ?? '-' },
          { key: 'passed', dataIndex: 'passed', title: t('grades.passedLabel'), render: (v: boolean | null) => <PassedTag passed={v} /> },
          { key: 'submittedAt', dataIndex: 'submittedAt', title: t('grades.submittedAt'), render: (v: string | null) => formatTime(v) },
          {
            key: 'ops',
            title: t('common.actions'),
            render: (_: unknown, r: PersonExamRow) => (
              <Button type="link" size="small" onClick={() => void navigate(`/dashboard/paper-detail?attemptId=${r.attemptId}`)}>
                {t('grades.view')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
