import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Input, Pagination, Progress, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STUDENT_COURSE_STATUSES, courseStarted, oneOf, type StudentCourseRow } from '@hanlin/shared';
import { asButton } from '../../../platform/dom';
import { findStudentCourses, type CourseQuery } from '../api';
import { CourseStatusTag } from './course-meta';

const SIZE = 12;

/** Filters live in the URL (the header search lands here with `?keyword=`). */
function useCourseQuery() {
  const [params, setParams] = useSearchParams();
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);
  const q: CourseQuery = {
    page: num('page') ?? 1,
    size: SIZE,
    keyword: params.get('keyword') ?? undefined,
    categoryId: num('categoryId'),
    label: params.get('label') ?? undefined,
    required: params.get('required') === null ? undefined : params.get('required') === 'true',
    status: oneOf(STUDENT_COURSE_STATUSES, params.get('status'), undefined),
  };
  const set = (changes: Record<string, string | number | boolean | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return { q, set, categoryName: params.get('categoryName') };
}

function CourseCard({ c, onLabel, onCategory }: { c: StudentCourseRow; onLabel: (l: string) => void; onCategory: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      hoverable
      data-testid="course-card"
      styles={{ body: { padding: 12 } }}
      cover={
        c.coverUrl ? (
          <img src={c.coverUrl} alt="" style={{ height: 140, objectFit: 'cover' }} />
        ) : (
          <div style={{ height: 140, display: 'grid', placeItems: 'center', background: '#f0f5ff' }}>
            <BookOutlined style={{ fontSize: 40, color: '#2f54eb' }} />
          </div>
        )
      }
    >
      <Link to={`/portal/courses/${c.id}`} data-testid="course-card-link">
        <Typography.Text strong ellipsis={{ tooltip: c.name }} style={{ display: 'block' }}>
          {c.name}
        </Typography.Text>
      </Link>
      <Space wrap size={4} style={{ margin: '6px 0' }}>
        <CourseStatusTag status={c.myStatus} />
        <Tag color={c.required ? 'red' : 'blue'}>{t(c.required ? 'learning.required' : 'learning.elective')}</Tag>
        {c.offShelf && <Tag>{t('learning.offShelf')}</Tag>}
        {c.categoryName && (
          <Tag style={{ cursor: 'pointer' }} {...asButton(onCategory)}>
            {c.categoryName}
          </Tag>
        )}
        {c.labels.map((l) => (
          <Tag key={l} color="geekblue" style={{ cursor: 'pointer' }} {...asButton(() => onLabel(l))}>
            {l}
          </Tag>
        ))}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {t('learning.credit')}: {c.credit}
      </Typography.Text>
      {courseStarted(c.myStatus) && <Progress percent={c.progress} size="small" aria-label={t('learning.courseProgress')} />}
    </Card>
  );
}

/** Portal "courses": what is open to me (or already mine), filtered by classification, label, kind and status. */
export default function CourseListPage() {
  const { t } = useTranslation();
  const { q, set, categoryName } = useCourseQuery();
  const list = useQuery({ queryKey: ['learning', 'courses', q], queryFn: () => findStudentCourses(q) });
  const statusOptions = [
    { value: '', label: t('learning.all') },
    { value: 'notStarted', label: t('learning.status_notStarted') },
    { value: 'learning', label: t('learning.status_learning') },
    { value: 'passed', label: t('learning.status_passed') },
  ];
  const kindOptions = [
    { value: '', label: t('learning.all') },
    { value: 'true', label: t('learning.required') },
    { value: 'false', label: t('learning.elective') },
  ];
  return (
    <Card title={t('portal.courses')} data-testid="course-list-page" styles={{ body: { padding: 12 } }}>
      <Space direction="vertical" style={{ width: '100%' }} size={8}>
        <Input.Search
          allowClear
          data-testid="course-search"
          defaultValue={q.keyword}
          key={q.keyword ?? ''}
          placeholder={t('learning.searchPlaceholder')}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
        <div style={{ overflowX: 'auto' }}>
          <Segmented size="small" value={q.status ?? ''} options={statusOptions} onChange={(v) => set({ status: v || undefined })} data-testid="course-status-filter" />
        </div>
        <Space wrap size={8}>
          <Segmented size="small" value={q.required === undefined ? '' : String(q.required)} options={kindOptions} onChange={(v) => set({ required: v || undefined })} />
          {q.label && (
            <Tag closable onClose={() => set({ label: undefined })} color="geekblue">
              {t('learning.label')}: {q.label}
            </Tag>
          )}
          {q.categoryId && (
            <Tag closable onClose={() => set({ categoryId: undefined, categoryName: undefined })}>
              {t('learning.category')}: {categoryName ?? q.categoryId}
            </Tag>
          )}
        </Space>
        {list.isLoading ? (
          <Spin />
        ) : !list.data?.records.length ? (
          <Empty description={t('learning.noCourses')} />
        ) : (
          <>
            <Row gutter={[12, 12]}>
              {list.data.records.map((c) => (
                <Col key={c.id} xs={24} sm={12} md={8} lg={6}>
                  <CourseCard
                    c={c}
                    onLabel={(label) => set({ label })}
                    onCategory={() => set({ categoryId: c.categoryId ?? undefined, categoryName: c.categoryName ?? undefined })}
                  />
                </Col>
              ))}
            </Row>
            <Pagination size="small" current={q.page} pageSize={SIZE} total={list.data.total} onChange={(page) => set({ page })} hideOnSinglePage />
          </>
        )}
      </Space>
    </Card>
  );
}
