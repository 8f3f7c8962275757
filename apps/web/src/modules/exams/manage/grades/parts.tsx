import { Button, Descriptions, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EXAM_LIFECYCLE, type GradeExamRow, type SubmitState } from '@hanlin/shared';
import { LifecycleTag } from '../../../../platform/lifecycle';
import { useFeedback } from '../../../../platform/feedback';
import { formatTime } from '../../../../platform/format';
import { getGradeCount, publishScores } from '../../grades-api';

/** The exam id a page works on (`?examId=`), 0 when absent. */
export const idParam = (params: URLSearchParams, name: string) => Number(params.get(name)) || 0;

const STATE_COLORS: Record<SubmitState, string> = { normal: 'green', exception: 'red', notSubmitted: 'default' };
export function SubmitStateTag({ state }: { state: SubmitState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`grades.state_${state}`)}</Tag>;
}

/** A row action: the person's exams (`test-integral-detail`). */
export function PersonExamsLink({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => void navigate(`/dashboard/test-integral-detail?userId=${userId}`)}>
      {t('grades.personExams')}
    </Button>
  );
}

export function PassedTag({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation();
  if (passed == null) return <>-</>;
  return <Tag color={passed ? 'green' : 'red'}>{t(passed ? 'grades.passed_yes' : 'grades.passed_no')}</Tag>;
}

/** Publishes an exam's scores, offered when the server says the caller may (no one taking it, nothing left to mark). */
export function PublishScoresButton({ examId, name, allowed, onDone }: { examId: number; name: string; allowed: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  if (!allowed) return null;
  return (
    <Popconfirm
      title={t('grades.publishConfirm', { name })}
      onConfirm={async () => {
        await publishScores(examId);
        message.success(t('grades.published'));
        // The row's abilities, the counts and the statistics all change: ask again for what is on screen.
        await qc.invalidateQueries();
        onDone?.();
      }}
    >
      <Button type="link" size="small" data-testid={`publish-scores-${examId}`}>
        {t('grades.publishScores')}
      </Button>
    </Popconfirm>
  );
}

/** Links from one exam to its grade pages. */
export function ExamLinks({ examId, except }: { examId: number; except?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = [
    ['manage-grade-preview', 'grades.people'],
    ['grade-ranking', 'grades.ranking'],
    ['test-statistics', 'grades.statistics'],
    ['mistake-analyze', 'grades.mistakes'],
  ] as const;
  return (
    <>
      {links
        .filter(([p]) => p !== except)
        .map(([path, key]) => (
          <Button key={path} type="link" size="small" data-testid={`exam-link-${path}`} onClick={() => void navigate(`/dashboard/${path}?examId=${examId}`)}>
            {t(key)}
          </Button>
        ))}
    </>
  );
}

/** manage-grade-count: the exam's result counts, with publishing its scores. */
export function ExamCounts({ examId, except }: { examId: number; except?: string }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['grade-count', examId], queryFn: () => getGradeCount(examId), enabled: examId > 0 });
  if (!data) return null;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 4 }}
      style={{ marginBottom: 12 }}
      data-testid="exam-counts"
      title={<span data-testid="exam-counts-name">{data.name}</span>}
      extra={
        <>
          <ExamLinks examId={examId} except={except} />
          <PublishScoresButton examId={examId} name={data.name} allowed={data.abilities.publishScores} />
        </>
      }
    >
      <Descriptions.Item label={t('common.status')}>
        <LifecycleTag lifecycle={EXAM_LIFECYCLE} state={data.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('grades.total')}>{data.total}</Descriptions.Item>
      <Descriptions.Item label={t('grades.audienceSize')}>{data.audienceSize}</Descriptions.Item>
      <Descriptions.Item label={t('grades.submitted')}>{data.submitted}</Descriptions.Item>
      <Descriptions.Item label={t('grades.passedCount')}>{data.passed}</Descriptions.Item>
      <Descriptions.Item label={t('grades.passRate')}>{rateText(data.passRate)}</Descriptions.Item>
      <Descriptions.Item label={t('grades.average')}>{data.average ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('grades.scoresPublished')}>{data.scoresPublishedAt ? formatTime(data.scoresPublishedAt) : t('grades.passed_no')}</Descriptions.Item>
      {data.ongoing || data.marking ? (
        <Descriptions.Item label={t('grades.pendingWork')}>{t('grades.pendingText', { ongoing: data.ongoing, marking: data.marking })}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

export const rateText = (v: number | null) => (v == null ? '-' : `${v}%`);
export type { GradeExamRow };
