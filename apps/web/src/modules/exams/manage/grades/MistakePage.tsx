import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { stemText, type MistakeAnalysisRow } from '@hanlin/shared';
import { getMistakes } from '../../grades-api';
import { ExamCounts, idParam } from './parts';

/** `mistake-analyze?examId=` (cjgl): questions by wrong rate, with the wrong choices most given. */
export default function MistakePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = idParam(params, 'examId');
  /** A choice as the paper shows it: option letters as they are, true/false in words. */
  const choice = (c: string, type: MistakeAnalysisRow['type']) => (type === 'judgment' ? t(c === 'T' ? 'examResults.true' : 'examResults.false') : c);
  const { data, isLoading } = useQuery({ queryKey: ['mistakes', examId], queryFn: () => getMistakes(examId), enabled: examId > 0 });
  if (!examId) return <Empty description={t('common.notFound')} />;
  return (
    <>
      <ExamCounts examId={examId} except="mistake-analyze" />
      <Table<MistakeAnalysisRow>
        data-testid="mistakes"
        size="small"
        rowKey="questionId"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { key: 'position', dataIndex: 'position', title: t('grades.position'), width: 60 },
          { key: 'stem', dataIndex: 'stem', title: t('grades.stem'), ellipsis: { showTitle: true }, width: '32%', render: (v: string) => stemText(v) },
          { key: 'type', dataIndex: 'type', title: t('grades.type'), render: (v: string) => t(`examResults.type_${v}`) },
          {
            key: 'keyAnswers',
            dataIndex: 'keyAnswers',
            title: t('examResults.key'),
            ellipsis: { showTitle: true },
            render: (v: string[], r) =>
              v.length
                ? v.map((c) => choice(c, r.type)).join(', ')
                : r.keyBlanks.length
                  ? r.keyBlanks.map((alts, i) => `(${i + 1}) ${alts.join(' / ')}`).join('  ')
                  : r.answerText || '—',
          },
          { key: 'answered', dataIndex: 'answered', title: t('grades.answered') },
          { key: 'wrong', dataIndex: 'wrong', title: t('grades.wrong') },
          { key: 'wrongRate', dataIndex: 'wrongRate', title: t('grades.wrongRate'), render: (v: number) => `${Math.round(v * 1000) / 10}%` },
          {
            key: 'wrongChoices',
            dataIndex: 'wrongChoices',
            title: t('grades.wrongChoices'),
            render: (v: MistakeAnalysisRow['wrongChoices'], r) =>
              v.slice(0, 3).map((c) => (
                <Tag key={c.choice} color="red">
                  {choice(c.choice, r.type)} × {c.count}
                </Tag>
              )),
          },
        ]}
      />
    </>
  );
}
