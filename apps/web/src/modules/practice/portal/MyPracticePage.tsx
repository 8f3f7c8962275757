import { useMutation } from '@tanstack/react-query';
import { Button, Card, List, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedList, usePagedQuery } from '../../../platform/components/PagedList';
import { useSearchParams } from 'react-router';
import { findMyExercises, startPractice } from '../portal-api';
import { PracticeSessionView } from './PracticeSessionView';

/** Student center "practice": exercises open to me; a session runs on this page (`?session=` survives a reload; 390 px wide too). */
export default function MyPracticePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const session = Number(params.get('session')) || null;
  const paged = usePagedQuery(['practice', 'my'], findMyExercises, { enabled: !session });
  const open = (id: number | null) => setParams(id ? { session: String(id) } : {});
  const start = useMutation({ mutationFn: (exerciseId: number) => startPractice({ exerciseId }), onSuccess: (s) => open(s.sessionId) });
  if (session)
    return (
      <PracticeSessionView
        sessionId={session}
        onClose={() => {
          open(null);
          void paged.query.refetch();
        }}
      />
    );
  return (
    <Card title={t('center.practice')} data-testid="my-practice-page" styles={{ body: { padding: 12 } }}>
      <PagedList
        paged={paged}
        emptyText={t('practice.none')}
        renderItem={(e) => {
          const left = Math.max(0, e.times - e.used);
          return (
            <List.Item data-testid="my-exercise-item" style={{ flexWrap: 'wrap', gap: 8 }}>
              <div style={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}>
                <EditOutlined style={{ color: '#2f54eb', marginRight: 8 }} />
                <Typography.Text strong>{e.name}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('practice.facts', { minutes: e.timeLimit, left, times: e.times })}
                    {e.lastQuestions ? ` · ${t('practice.last', { correct: e.lastCorrect ?? 0, questions: e.lastQuestions })}` : ''}
                  </Typography.Text>
                </div>
              </div>
              {e.ongoingSessionId ? (
                <Button type="primary" onClick={() => open(e.ongoingSessionId)} data-testid="practice-resume">
                  {t('practice.resume')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  disabled={left === 0}
                  loading={start.isPending && start.variables === e.id}
                  onClick={() => start.mutate(e.id)}
                  data-testid="practice-start"
                >
                  {left === 0 ? t('practice.usedUp') : t('practice.start')}
                </Button>
              )}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
