import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, List, Progress, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { CheckCircleFilled, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { learnerPassed, type StudentCourseDetail } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { RichTextView } from '../../../platform/components/RichTextView';
import { getStudentCourseById, startCourse } from '../api';
import { CourseStatusTag, useDuration } from './course-meta';

/** The first item not completed yet (where "continue" goes), else the first one. */
export function nextItemOf(c: StudentCourseDetail): number | undefined {
  const items = c.chapters.flatMap((ch) => ch.items);
  return (items.find((i) => !i.completed) ?? items[0])?.id;
}

function Catalog({ c }: { c: StudentCourseDetail }) {
  const { t } = useTranslation();
  const learnable = c.abilities.learn;
  return (
    <div data-testid="course-catalog">
      {c.chapters.map((ch) => (
        <List
          key={ch.id}
          size="small"
          header={<Typography.Text strong>{ch.name}</Typography.Text>}
          dataSource={ch.items}
          rowKey="id"
          renderItem={(i) => (
            <List.Item data-testid="catalog-item" extra={i.completed ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <Tag>{t(`learning.kind_${i.kind}`)}</Tag>}>
              {learnable ? (
                <Link to={`/portal/courses/${c.id}/learn/${i.id}`}>
                  <PlayCircleOutlined /> {i.name}
                </Link>
              ) : (
                <span>{i.name}</span>
              )}
            </List.Item>
          )}
        />
      ))}
    </div>
  );
}

/** Course detail: intro, catalog with my progress, lecturers, credits, pass conditions, start / continue. */
export default function CourseDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const client = useQueryClient();
  const duration = useDuration();
  const q = useQuery({ queryKey: ['learning', 'course', id], queryFn: () => getStudentCourseById({ id }), retry: false });
  const start = useMutation({
    mutationFn: () => startCourse({ id }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['learning'] });
      const c = await client.fetchQuery({ queryKey: ['learning', 'course', id], queryFn: () => getStudentCourseById({ id }) });
      const item = nextItemOf(c);
      if (item) void navigate(`/portal/courses/${id}/learn/${item}`);
    },
  });
  if (q.isLoading) return <Spin />;
  if (q.error || !q.data) {
    const code = q.error instanceof ApiError ? q.error.name : undefined;
    return <Result status="404" title={t(code === 'COURSE_EXPIRED' ? 'learning.expired' : 'learning.notFound')} data-testid="course-unavailable" />;
  }
  const c = q.data;
  const next = nextItemOf(c);
  return (
    <Card data-testid="course-detail-page" styles={{ body: { padding: 12 } }}>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {c.coverUrl && <img src={c.coverUrl} alt="" style={{ width: 'min(320px, 100%)', borderRadius: 6, objectFit: 'cover' }} />}
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="course-title">
              {c.name}
            </Typography.Title>
            <Space wrap size={4}>
              <CourseStatusTag status={c.myStatus} />
              <Tag color={c.required ? 'red' : 'blue'}>{t(c.required ? 'learning.required' : 'learning.elective')}</Tag>
              {c.offShelf && <Tag>{t('learning.offShelf')}</Tag>}
              {c.labels.map((l) => (
                <Tag key={l} color="geekblue">
                  {l}
                </Tag>
              ))}
            </Space>
            {c.learner && (
              <div style={{ marginTop: 8 }}>
                <Progress percent={c.learner.progress} aria-label={t('learning.courseProgress')} data-testid="course-progress" />
                <Typography.Text type="secondary">
                  {t('learning.learnedTime')}: {duration(c.learner.learnedSeconds)}
                  {learnerPassed(c.learner) && ` · ${t('learning.creditAwarded', { n: c.learner.creditAwarded })}`}
                </Typography.Text>
              </div>
            )}
            <div style={{ marginTop: 12 }}>
              {c.abilities.start && (
                <Button type="primary" data-testid="course-start" loading={start.isPending} onClick={() => start.mutate()}>
                  {t('learning.start')}
                </Button>
              )}
              {c.abilities.learn && next && (
                <Button type="primary" data-testid="course-continue" onClick={() => void navigate(`/portal/courses/${c.id}/learn/${next}`)}>
                  {t('learning.continue')}
                </Button>
              )}
            </div>
          </div>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
          <Descriptions.Item label={t('learning.credit')}>{c.credit}</Descriptions.Item>
          <Descriptions.Item label={t('learning.lecturers')}>{c.lecturers.map((l) => l.name).join(', ') || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('learning.passConditions')}>
            {t('learning.passProgress', { n: c.passProgress })}
            {c.passScore !== null && ` · ${t('learning.passScore', { n: c.passScore })}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('learning.certificate')}>{t(c.hasCertificate ? 'learning.yes' : 'learning.no')}</Descriptions.Item>
          {c.validUntil && <Descriptions.Item label={t('learning.validUntil')}>{new Date(c.validUntil).toLocaleDateString()}</Descriptions.Item>}
        </Descriptions>
        <Tabs
          items={[
            { key: 'catalog', label: t('learning.catalog'), children: <Catalog c={c} /> },
            {
              key: 'intro',
              label: t('learning.intro'),
              // The intro is rich text sanitized by the server when the course was saved.
              children: <RichTextView html={c.intro} testId="course-intro-view" />,
            },
            {
              key: 'comments',
              label: t('learning.comments'),
              // SLOT: course comments — helper H's `modules/courses/components/CourseComments.tsx` goes here.
              children: <div data-testid="course-comments-slot" />,
            },
          ]}
        />
      </Space>
    </Card>
  );
}
