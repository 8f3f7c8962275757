import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXAM_LIFECYCLE, GRADE_EXAM_SORT_KEYS, type GradeExamRow, isOneOf } from '@hanlin/shared';
import { CrudPage, statusColumn, type ColumnSpec, type FilterSpec } from '../../../../platform/kernel';
import { formatTime } from '../../../../platform/format';
import { lifecycleOptions } from '../../../../platform/lifecycle';
import { findGradeExams } from '../../grades-api';
import { ExamLinks, PublishScoresButton, rateText } from './parts';

const sortable = (k: string) => isOneOf(GRADE_EXAM_SORT_KEYS, k);

export const gradeExamColumns: ColumnSpec<GradeExamRow>[] = [
  { key: 'name', titleKey: 'grades.examName', sortable: sortable('name'), ellipsis: true },
  statusColumn(EXAM_LIFECYCLE),
  { key: 'categoryName', titleKey: 'grades.category', priority: 'low' },
  { key: 'startAt', titleKey: 'grades.startAt', sortable: sortable('startAt'), render: (r) => formatTime(r.startAt), priority: 'medium' },
  { key: 'endAt', titleKey: 'grades.endAt', sortable: sortable('endAt'), render: (r) => formatTime(r.endAt), priority: 'low' },
  { key: 'total', titleKey: 'grades.total' },
  { key: 'audienceSize', titleKey: 'grades.audienceSize' },
  { key: 'submitted', titleKey: 'grades.submitted' },
  { key: 'passed', titleKey: 'grades.passedCount' },
  { key: 'passRate', titleKey: 'grades.passRate', render: (r) => rateText(r.passRate) },
  { key: 'average', titleKey: 'grades.average', render: (r) => r.average ?? '-' },
  { key: 'scoresPublishedAt', titleKey: 'grades.scoresPublished', render: (r) => formatTime(r.scoresPublishedAt), priority: 'low' },
];

export const gradeExamFilters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'grades.examName' },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: lifecycleOptions(EXAM_LIFECYCLE).filter((o) => o.value !== 'draft') },
  { name: 'start', labelKey: 'grades.startAt', kind: 'daterange' },
];

/** `manage-grade` (cjgl): the exams of the caller's scope with their result counts. */
export default function GradeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudPage<GradeExamRow>
      testId="grade-page"
      titleKey="perm.cjgl"
      queryKey="grade-exams"
      fetch={(p) => findGradeExams(p)}
      columns={gradeExamColumns}
      filters={gradeExamFilters}
      toolbar={() => (
        <Space size={0}>
          <Button type="link" data-testid="open-grade-statistics" onClick={() => void navigate('/dashboard/grade-statistics')}>
            {t('page.grade-statistics')}
          </Button>
          <Button type="link" data-testid="open-person-totals" onClick={() => void navigate('/dashboard/manage-course-integralStatistics')}>
            {t('page.manage-course-integralStatistics')}
          </Button>
        </Space>
      )}
      extraRowActions={(r) => (
        <Space size={0} wrap>
          <ExamLinks examId={r.id} />
          <PublishScoresButton examId={r.id} name={r.name} allowed={r.abilities.publishScores} />
        </Space>
      )}
    />
  );
}
