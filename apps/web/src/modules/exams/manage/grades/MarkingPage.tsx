import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EXAM_LIFECYCLE, type MarkingExamRow, type MarkingExamineeRow } from '@hanlin/shared';
import { CrudPage, booleanFilter, keyedBy, personColumns, statusColumn, type ColumnSpec, type FilterSpec } from '../../../../platform/kernel';
import { formatTime } from '../../../../platform/format';
import { findMarkingExaminees, findMarkingExams } from '../../grades-api';
import { ExamCounts, PublishScoresButton, idParam } from './parts';

const examColumns: ColumnSpec<MarkingExamRow>[] = [
  { key: 'name', titleKey: 'grades.examName' },
  statusColumn(EXAM_LIFECYCLE),
  { key: 'startAt', titleKey: 'grades.startAt', render: (r) => formatTime(r.startAt) },
  { key: 'endAt', titleKey: 'grades.endAt', render: (r) => formatTime(r.endAt) },
  { key: 'waiting', titleKey: 'grades.waiting', render: (r) => (r.waiting ? <Tag color="orange">{r.waiting}</Tag> : 0) },
  { key: 'marked', titleKey: 'grades.markedCount' },
  { key: 'ongoing', titleKey: 'grades.ongoing' },
  { key: 'scoresPublishedAt', titleKey: 'grades.scoresPublished', render: (r) => formatTime(r.scoresPublishedAt) },
];
const examFilters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'grades.examName' },
  booleanFilter('waiting', 'grades.onlyWaiting', { true: 'grades.passed_yes', false: 'grades.passed_no' }),
];

type Examinee = MarkingExamineeRow & { id: number };
const examineeColumns: ColumnSpec<Examinee>[] = [
  ...personColumns<Examinee>('grades'),
  { key: 'number', titleKey: 'grades.attemptNumber' },
  { key: 'submittedAt', titleKey: 'grades.submittedAt', render: (r) => formatTime(r.submittedAt) },
  { key: 'autoScore', titleKey: 'grades.autoScore' },
  { key: 'pending', titleKey: 'grades.pending', render: (r) => (r.pending ? <Tag color="orange">{r.pending}</Tag> : <Tag color="green">{r.score}</Tag>) },
];
const examineeFilters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'grades.personKeyword' },
  booleanFilter('marked', 'grades.markState', { false: 'grades.unmarked', true: 'grades.marked' }),
];

function Examinees({ examId }: { examId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button type="link" style={{ paddingLeft: 0 }} onClick={() => void navigate('/dashboard/manage-marking')}>
        {t('grades.backToQueue')}
      </Button>
      <CrudPage<Examinee>
        testId="marking-examinees"
        titleKey="grades.examinees"
        queryKey="marking-examinees"
        urlState="m."
        fetch={async (p) => keyedBy('attemptId', await findMarkingExaminees({ ...p, examId }))}
        defaultFilters={{ marked: false }}
        extraFilters={{ examId }}
        columns={examineeColumns}
        filters={examineeFilters}
        extraRowActions={(r) => (
          <Button
            type="link"
            size="small"
            data-testid={`mark-attempt-${r.attemptId}`}
            onClick={() => void navigate(`/dashboard/paper-detail?attemptId=${r.attemptId}&mark=1`)}
          >
            {r.pending ? t('grades.mark') : t('grades.view')}
          </Button>
        )}
      />
    </>
  );
}

/** `manage-marking` (cjpy): the reviewer's queue; `?examId=` the exam's examinees to mark. */
export default function MarkingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const examId = idParam(params, 'examId');
  if (examId) return <Examinees examId={examId} />;
  return (
    <CrudPage<MarkingExamRow>
      testId="marking-page"
      titleKey="perm.cjpy"
      queryKey="marking-exams"
      fetch={(p) => findMarkingExams(p)}
      columns={examColumns}
      filters={examFilters}
      extraRowActions={(r) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`marking-open-${r.id}`} onClick={() => void navigate(`/dashboard/manage-marking?examId=${r.id}`)}>
            {t('grades.mark')}
          </Button>
          <PublishScoresButton examId={r.id} name={r.name} allowed={r.abilities.publishScores} />
        </Space>
      )}
    />
  );
}

export { ExamCounts };
