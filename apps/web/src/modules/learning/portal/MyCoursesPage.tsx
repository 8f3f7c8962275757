import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Progress, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { LearnerStatus } from '@hanlin/shared';
import { findMyCourses } from '../api';
import { useDuration } from './course-meta';

const SIZE = 10;

/** Student center "my courses": learning / passed tabs, progress, continue. */
export default function MyCoursesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duration = useDuration();
  const [status, setStatus] = useState<LearnerStatus>('learning');
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['learning', 'my', status, page], queryFn: () => findMyCourses({ status, page, size: SIZE }) });
  return (
    <Card title={t('center.my-courses')} data-testid="my-courses-page" styles={{ body: { padding: 12 } }}>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as LearnerStatus);
          setPage(1);
        }}
        items={[
          { key: 'learning', label: <span data-testid="my-courses-tab-learning">{t('learning.status_learning')}</span> },
          { key: 'passed', label: <span data-testid="my-courses-tab-passed">{t('learning.status_passed')}</span> },
        ]}
      />
      {q.isLoading ? (
        <Spin />
      ) : !q.data?.records.length ? (
        <Empty description={t('learning.noMyCourses')} />
      ) : (
        <>
          <List
            dataSource={q.data.records}
            rowKey="id"
            renderItem={(c) => (
              <List.Item data-testid="my-course-item" style={{ flexWrap: 'wrap', gap: 12 }}>
                <Space align="start" style={{ flex: '1 1 240px', minWidth: 0 }}>
                  {c.coverUrl ? (
                    <img src={c.coverUrl} alt="" style={{ width: 72, height: 50, objectFit: 'cover', borderRadius: 4 }} />
                  ) : (
                    <BookOutlined style={{ fontSize: 36, color: '#2f54eb' }} />
                  )}
                  <div style={{ minWidth: 0 }}>
                    <Link to={`/portal/courses/${c.id}`}>
                      <Typography.Text strong>{c.name}</Typography.Text>
                    </Link>
                    <div>
                      <Tag color={c.required ? 'red' : 'blue'}>{t(c.required ? 'learning.required' : 'learning.elective')}</Tag>
                      {c.offShelf && <Tag>{t('learning.offShelf')}</Tag>}
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                      {t('learning.learnedTime')}: {duration(c.learner.learnedSeconds)}
                      {c.learner.status === 'passed' && ` · ${t('learning.creditAwarded', { n: c.learner.creditAwarded })}`}
                    </Typography.Text>
                    <Progress percent={c.learner.progress} size="small" style={{ width: 200, maxWidth: '100%' }} />
                  </div>
                </Space>
                <Button
                  type={c.learner.status === 'learning' ? 'primary' : 'default'}
                  data-testid="my-course-continue"
                  onClick={() => void navigate(`/portal/courses/${c.id}`)}
                >
                  {t(c.learner.status === 'learning' ? 'learning.continue' : 'learning.review')}
                </Button>
              </List.Item>
            )}
          />
          {q.data.total > SIZE && <Pagination size="small" current={page} pageSize={SIZE} total={q.data.total} onChange={setPage} style={{ marginTop: 12 }} />}
        </>
      )}
    </Card>
  );
}
