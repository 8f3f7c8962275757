import { useMemo } from 'react';
import { Card, Empty, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainSatisfaction } from '@hanlin/shared';
import { EChart } from '../../../platform/components/EChart';

/** One questionnaire's result: the score (percent of the scales) and a bar per rating item (its average). */
export function SatisfactionCard({ title, result, testId }: { title: string; result: TrainSatisfaction; testId?: string }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: {},
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'value', min: 0, max: Math.max(...result.items.map((i) => i.scale), 1) },
      yAxis: { type: 'category', data: result.items.map((i) => `${i.title} (/${i.scale})`) },
      series: [{ type: 'bar', data: result.items.map((i) => i.average ?? 0), label: { show: true, position: 'right' } }],
    }),
    [result],
  );
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Statistic
        title={t('trainResults.satisfactionScore', { respondents: result.respondents })}
        value={result.score ?? '–'}
        suffix={result.score === null ? undefined : '%'}
      />
      {result.items.length ? <EChart option={option} height={Math.max(120, result.items.length * 40)} /> : <Empty description={t('trainResults.noRatings')} />}
    </Card>
  );
}
