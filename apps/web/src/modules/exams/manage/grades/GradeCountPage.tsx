import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExamCounts, idParam } from './parts';

/** `manage-grade-count?examId=` (cjgl): one exam's result counts. */
export default function GradeCountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = idParam(params, 'examId');
  if (!examId) return <Empty description={t('common.notFound')} />;
  return <ExamCounts examId={examId} />;
}
