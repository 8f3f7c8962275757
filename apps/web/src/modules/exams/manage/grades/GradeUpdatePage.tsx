import { useState } from 'react';
import { Button, Card, Empty, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../platform/api/errors';
import { useFeedback } from '../../../../platform/feedback';
import { getPaperDetail, updateGrade } from '../../grades-api';
import { PassedTag, idParam } from './parts';

/** `manage-grade-update?attemptId=` (cjgl:modify): change a marked attempt's score (0 to the total, in half points). */
export default function GradeUpdatePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [params] = useSearchParams();
  const attemptId = idParam(params, 'attemptId');
  const { data, refetch } = useQuery({ queryKey: ['paper-detail', attemptId, false], queryFn: () => getPaperDetail(attemptId), enabled: attemptId > 0 });
  const [score, setScore] = useState<number | null>(null);
  if (!attemptId) return <Empty description={t('common.notFound')} />;
  if (!data) return null;
  return (
    <Card title={`${data.examName} · ${data.realname}`} data-testid="grade-update">
      <Space wrap>
        <span>
          {t('grades.score')}: {data.score ?? '-'} / {data.total}
        </span>
        <PassedTag passed={data.passed} />
        <InputNumber min={0} max={data.total} step={0.5} value={score ?? data.score} onChange={(v) => setScore(v == null ? null : Number(v))} />
        <Button
          type="primary"
          data-testid="grade-update-save"
          disabled={score == null || !data.abilities.updateScore}
          onClick={async () => {
            if (score == null) return;
            try {
              await updateGrade({ attemptId, score });
            } catch (e) {
              message.error(e instanceof ApiError ? e.text : String(e));
              return;
            }
            message.success(t('common.saved'));
            setScore(null);
            await refetch();
          }}
        >
          {t('grades.updateScore')}
        </Button>
      </Space>
    </Card>
  );
}
