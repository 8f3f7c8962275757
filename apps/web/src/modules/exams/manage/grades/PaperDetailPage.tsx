import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ATTEMPT_LIFECYCLE, attemptMarked } from '@hanlin/shared';
import { formatTime } from '../../../../platform/format';
import { useFeedback } from '../../../../platform/feedback';
import { PaperView } from '../../components/PaperView';
import { getMarkingAttempt, getPaperDetail, saveMarks } from '../../grades-api';
import { PassedTag, SubmitStateTag, idParam } from './parts';

/** `paper-detail?attemptId=` (cjgl, cjpy): one attempt as marked; with `&mark=1` the reviewer marks its subjective answers. */
export default function PaperDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const attemptId = idParam(params, 'attemptId');
  const marking = params.get('mark') === '1';
  const [marks, setMarks] = useState<Record<number, number | null>>({});
  const [saving, setSaving] = useState(false);
  const { data: paper, refetch } = useQuery({
    queryKey: ['paper-detail', attemptId, marking],
    queryFn: () => (marking ? getMarkingAttempt(attemptId) : getPaperDetail(attemptId)),
    enabled: attemptId > 0,
  });
  if (!attemptId) return <Empty description={t('common.notFound')} />;
  if (!paper) return null;
  const entered = Object.entries(marks).flatMap(([position, score]) => (score == null ? [] : [{ position: Number(position), score }]));
  async function save() {
    setSaving(true);
    try {
      const res = await saveMarks({ attemptId, marks: entered });
      message.success(attemptMarked(res) ? t('grades.markFinished', { score: res.score }) : t('grades.marksSaved', { n: res.pending }));
      setMarks({});
      await qc.invalidateQueries({ queryKey: ['marking-examinees'] });
      await refetch();
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card
      data-testid="paper-detail"
      title={`${paper.examName} · ${paper.realname}`}
      extra={
        <Space>
          {marking && paper.abilities.mark ? (
            <Button type="primary" data-testid="marks-save" disabled={!entered.length} loading={saving} onClick={() => void save()}>
              {t('grades.saveMarks')}
            </Button>
          ) : null}
          <Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('common.status')}>
          <Tag color={ATTEMPT_LIFECYCLE.colors[paper.status]}>{t(`examResults.status_${paper.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('grades.state')}>
          <SubmitStateTag state={paper.submitState} />
        </Descriptions.Item>
        <Descriptions.Item label={t('grades.score')}>
          <span data-testid="paper-score">{paper.score ?? '-'}</span> / {paper.total}
        </Descriptions.Item>
        <Descriptions.Item label={t('grades.passedLabel')}>
          <PassedTag passed={paper.passed} />
        </Descriptions.Item>
        <Descriptions.Item label={t('grades.autoScore')}>{paper.autoScore ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('grades.submittedAt')}>{formatTime(paper.submittedAt)}</Descriptions.Item>
        {paper.adjustedAt ? (
          <Descriptions.Item label={t('grades.adjusted')}>
            {paper.adjustedByName} {formatTime(paper.adjustedAt)}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <PaperView paper={paper} marks={marks} onMark={marking ? (p, v) => setMarks((m) => ({ ...m, [p]: v })) : undefined} />
    </Card>
  );
}
