import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXAM_LIFECYCLE } from '@hanlin/shared';
import { HomeList } from '../../../platform/components/HomeList';
import { LifecycleTag } from '../../../platform/lifecycle';
import { formatTime } from '../../../platform/format';
import { findMyExams } from '../portal-api';

const SIZE = 4;

/** Portal home: exams going on now, then the next ones (the server says which is which); an empty state that says so. */
export function HomeExams() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['exams', 'my', 'home'],
    queryFn: async () => {
      const [now, next] = await Promise.all([findMyExams({ status: 'started', page: 1, size: SIZE }), findMyExams({ status: 'published', page: 1, size: SIZE })]);
      return [...now.records, ...next.records].slice(0, SIZE);
    },
    // The list turns over at start and end times: keep it fresh without a reload.
    refetchInterval: 60_000,
  });
  return (
    <HomeList
      testId="home-exams"
      title={t('home.exams')}
      more={{ to: '/student-center/exams', text: t('home.more') }}
      loading={q.isFetching}
      items={(q.data ?? []).map((e) => ({
        key: e.id,
        title: e.name,
        to: '/student-center/exams',
        meta: (
          <>
            <LifecycleTag lifecycle={EXAM_LIFECYCLE} state={e.status} /> {formatTime(e.startAt)} – {formatTime(e.endAt)}
          </>
        ),
      }))}
      empty={{ text: t('home.noExams'), action: { to: '/student-center/exams', text: t('home.allExams') } }}
    />
  );
}
