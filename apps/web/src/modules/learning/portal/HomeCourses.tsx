import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HomeList } from '../../../platform/components/HomeList';
import { findMyCourses } from '../api';

/** Portal home: the courses I am learning, with their progress; an empty state that leads to the catalogue. */
export function HomeCourses() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['learning', 'my', 'learning', 'home'], queryFn: () => findMyCourses({ status: 'learning', page: 1, size: 4 }) });
  return (
    <HomeList
      testId="home-courses"
      title={t('home.courses')}
      more={{ to: '/student-center/my-courses', text: t('home.more') }}
      loading={q.isFetching}
      items={(q.data?.records ?? []).map((c) => ({
        key: c.id,
        title: c.name,
        to: `/portal/courses/${c.id}`,
        meta: `${t(c.required ? 'learning.required' : 'learning.elective')} · ${t('home.progress', { value: c.learner.progress })}`,
        progress: c.learner.progress,
      }))}
      empty={{ text: t('home.noCourses'), action: { to: '/portal/courses', text: t('home.browseCourses') } }}
    />
  );
}
