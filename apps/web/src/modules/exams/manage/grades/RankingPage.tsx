import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RankingRow } from '@hanlin/shared';
import { CrudPage, keyedBy, type ColumnSpec } from '../../../../platform/kernel';
import { formatTime } from '../../../../platform/format';
import { findRanking } from '../../grades-api';
import { ExamCounts, PassedTag, PersonExamsLink, idParam } from './parts';

type Row = RankingRow & { id: number };
const columns: ColumnSpec<Row>[] = [
  { key: 'rank', titleKey: 'grades.rank' },
  { key: 'realname', titleKey: 'grades.realname' },
  { key: 'orgName', titleKey: 'grades.org' },
  { key: 'score', titleKey: 'grades.score' },
  { key: 'passed', titleKey: 'grades.passedLabel', render: (r) => <PassedTag passed={r.passed} /> },
  { key: 'submittedAt', titleKey: 'grades.submittedAt', render: (r) => formatTime(r.submittedAt) },
];

/** `grade-ranking?examId=` (cjgl): best score per person, ties to the earlier submission. */
export default function RankingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = idParam(params, 'examId');
  if (!examId) return <Empty description={t('common.notFound')} />;
  return (
    <>
      <ExamCounts examId={examId} except="grade-ranking" />
      <CrudPage<Row>
        testId="grade-ranking"
        titleKey="page.grade-ranking"
        queryKey="grade-ranking"
        fetch={async (p) => keyedBy('userId', await findRanking({ ...p, examId }))}
        extraFilters={{ examId }}
        columns={columns}
        extraRowActions={(r) => <PersonExamsLink userId={r.userId} />}
      />
    </>
  );
}
