import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeList } from '../../../platform/components/HomeList';
import { formatTime } from '../../../platform/format';
import { findMyAssignments } from '../portal-api';

/** Portal home: assignments not done yet, nearest deadline first; each leads to its next required course. */
export function HomeAssignments() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['learn-assign', 'my', 'home'], queryFn: () => findMyAssignments({ page: 1, size: 4 }) });
  return (
    <HomeList
      testId="home-assignments"
      title={t('home.assignments')}
      more={{ to: '/student-center/my-courses', text: t('home.more') }}
      loading={q.isFetching}
      items={(q.data?.records ?? []).map((a) => ({
        key: a.id,
        title: a.title,
        to: a.nextCourseId ? `/portal/courses/${a.nextCourseId}` : '/student-center/my-courses',
        meta: (
          <>
            {a.overdue ? (
              <Tag color="red" data-testid="home-assignment-overdue">
                {t('home.overdue')}
              </Tag>
            ) : null}
            {t('home.due', { time: formatTime(a.deadline) })} · {t('home.requiredDone', { done: a.requiredPassed, total: a.requiredTotal })}
          </>
        ),
        progress: a.progress,
      }))}
      empty={{ text: t('home.noAssignments'), action: { to: '/portal/courses', text: t('home.browseCourses') } }}
    />
  );
}
