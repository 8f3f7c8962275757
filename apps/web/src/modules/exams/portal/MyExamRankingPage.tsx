import { Card, List, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RankingRow } from '@hanlin/shared';
import { getMyRanking } from '../results-api';
import { ResultUnavailable, useOwnResult } from './own-results';

function Place({ r, mine }: { r: RankingRow; mine?: boolean }) {
  const { t } = useTranslation();
  return (
    <List.Item data-testid={mine ? 'my-ranking-mine' : 'my-ranking-row'} style={{ flexWrap: 'wrap', gap: 8, background: mine ? '#f0f5ff' : undefined, paddingInline: 8 }}>
      <Space style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Tag color={r.rank <= 3 ? 'gold' : 'default'}>{t('examResults.place', { n: r.rank })}</Tag>
        <Typography.Text strong>{r.realname}</Typography.Text>
        {r.orgName ? <Typography.Text type="secondary">{r.orgName}</Typography.Text> : null}
      </Space>
      <Typography.Text>{t('examResults.scoreOf', { score: r.score })}</Typography.Text>
    </List.Item>
  );
}

/** Student center: an exam's ranking (when the exam shows it and its scores are visible), the first 100 and my place. Fits 390 px. */
export default function MyExamRankingPage() {
  const { t } = useTranslation();
  const q = useOwnResult('examId', 'my-ranking', getMyRanking);
  if (q.isLoading) return <Spin />;
  if (!q.data) return <ResultUnavailable error={q.error} hiddenKey="examResults.rankingHidden" testId="my-ranking-hidden" />;
  const d = q.data;
  return (
    <Card
      title={
        <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="my-ranking-title">
          {d.examName} · {t('examResults.rankingTitle')}
        </span>
      }
      data-testid="my-ranking-page"
      styles={{ body: { padding: 12 }, header: { paddingBlock: 8 } }}
    >
      <Typography.Text type="secondary">{t('examResults.myPlace')}</Typography.Text>
      {d.mine ? <Place r={d.mine} mine /> : <Typography.Paragraph type="secondary">{t('examResults.notRanked')}</Typography.Paragraph>}
      <List
        header={<Typography.Text type="secondary">{t('examResults.allPlaces')}</Typography.Text>}
        dataSource={d.rows}
        rowKey="userId"
        renderItem={(r) => <Place r={r} />}
        locale={{ emptyText: t('examResults.noRanking') }}
      />
    </Card>
  );
}
