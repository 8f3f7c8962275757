import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StudentCourseStatus } from '@hanlin/shared';

const COLORS: Record<StudentCourseStatus, string> = { notStarted: 'default', learning: 'processing', passed: 'green' };

/** Not started / learning / passed, as a tag. */
export function CourseStatusTag({ status }: { status: StudentCourseStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="course-status">
      {t(`learning.status_${status}`)}
    </Tag>
  );
}

/** Learnt time as "1 h 5 min" / "5 min". */
export function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    return h ? t('learning.hoursMinutes', { h, m }) : t('learning.minutes', { m });
  };
}
