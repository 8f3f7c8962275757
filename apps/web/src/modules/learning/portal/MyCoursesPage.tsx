import { useState } from 'react';
import { Button, Card, Progress, Tabs, Tag, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { Link, useNavigate } from 'react-router';
import { LEARNER_STATUSES, isOneOf, learnerPassed, type LearnerStatus } from '@hanlin/shared';
import { findMyCourses } from '../api';
import { useDuration } from './course-meta';

/** Student center "my courses": learning / passed tabs, progress, continue. */
export default function MyCoursesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duration = useDuration();
  const [status, setStatus] = useState<LearnerStatus>('learning');
  const paged = usePagedQuery(['learning', 'my', status], (paging) => findMyCourses({ status, ...paging }));
  return (
    <Card title={t('center.my-courses')} data-testid="my-courses-page" styles={{ body: { padding: 12 } }}>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          if (!isOneOf(LEARNER_STATUSES, k)) return;
          setStatus(k);
          paged.setPage(1);
        }}
        items={[
          { key: 'learning', label: <span data-testid="my-courses-tab-learning">{t('learning.status_learning')}</span> },
          { key: 'passed', label: <span data-testid="my-courses-tab-passed">{t('learning.status_passed')}</span> },
        ]}
      />
      <PagedList
        paged={paged}
        emptyText={t('learning.noMyCourses')}
        renderItem={(c) => (
          <PagedListItem
            testId="my-course-item"
            cover={c.coverUrl}
            icon={<BookOutlined style={{ fontSize: 36, color: '#2f54eb' }} />}
            action={
              <Button type={learnerPassed(c.learner) ? 'default' : 'primary'} data-testid="my-course-continue" onClick={() => void navigate(`/portal/courses/${c.id}`)}>
                {t(learnerPassed(c.learner) ? 'learning.review' : 'learning.continue')}
              </Button>
            }
          >
            <Link to={`/portal/courses/${c.id}`}>
              <Typography.Text strong>{c.name}</Typography.Text>
            </Link>
            <div>
              <Tag color={c.required ? 'red' : 'blue'}>{t(c.required ? 'learning.required' : 'learning.elective')}</Tag>
              {c.offShelf && <Tag>{t('learning.offShelf')}</Tag>}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              {t('learning.learnedTime')}: {duration(c.learner.learnedSeconds)}
              {learnerPassed(c.learner) && ` · ${t('learning.creditAwarded', { n: c.learner.creditAwarded })}`}
            </Typography.Text>
            <Progress percent={c.learner.progress} size="small" aria-label={t('learning.courseProgress')} style={{ width: 200, maxWidth: '100%' }} />
          </PagedListItem>
        )}
      />
    </Card>
  );
}
