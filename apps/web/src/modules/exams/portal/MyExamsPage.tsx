import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Pagination, Space, Spin, Tabs, Typography } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXAM_LIFECYCLE, type MyExamQuery } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { LifecycleTag } from '../../../platform/lifecycle';
import { findMyExams } from '../portal-api';
import { ExamActions } from './ExamActions';

const SIZE = 10;
type Tab = 'all' | NonNullable<MyExamQuery['status']>;
const TABS: Tab[] = ['all', 'published', 'started', 'ended'];

/** Student center "exams": the exams open to me, with their state and times (also at 390 px: items wrap). */
export default function MyExamsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['exams', 'my', tab, page],
    queryFn: () => findMyExams({ page, size: SIZE, ...(tab === 'all' ? {} : { status: tab }) }),
  });
  return (
    <Card title={t('center.exams')} data-testid="my-exams-page" styles={{ body: { padding: 12 } }}>
      <Tabs
        activeKey={tab}
        // Narrow gaps: the four tabs fit 390 px in every language (Portuguese hid "Ended" behind "…").
        tabBarGutter={16}
        onChange={(k) => {
          setTab(k as Tab);
          setPage(1);
        }}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`my-exams-tab-${k}`}>{t(k === 'all' ? 'exam.my.all' : `exam.my.${k}`)}</span> }))}
      />
      {q.isLoading ? (
        <Spin />
      ) : !q.data?.records.length ? (
        <Empty description={t('exam.my.none')} />
      ) : (
        <>
          <List
            dataSource={q.data.records}
            rowKey="id"
            renderItem={(e) => (
              <List.Item data-testid="my-exam-item" style={{ flexWrap: 'wrap', gap: 8 }}>
                <Space align="start" style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <FileDoneOutlined style={{ fontSize: 32, color: '#2f54eb' }} />
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography.Text strong data-testid="my-exam-name">
                      {e.name}
                    </Typography.Text>{' '}
                    <LifecycleTag lifecycle={EXAM_LIFECYCLE} state={e.status} testId={`my-exam-status-${e.status}`} />
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {formatTime(e.startAt)} – {formatTime(e.endAt)}
                      </Typography.Text>
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('exam.my.facts', { duration: e.duration, total: e.total, pass: e.passPercent, attempts: e.attempts })}
                      {e.categoryName ? ` · ${e.categoryName}` : ''}
                    </Typography.Text>
                  </div>
                </Space>
                <ExamActions exam={e} />
              </List.Item>
            )}
          />
          {q.data.total > SIZE && <Pagination size="small" current={page} pageSize={SIZE} total={q.data.total} onChange={setPage} style={{ marginTop: 12 }} />}
        </>
      )}
    </Card>
  );
}
