import type { ReactNode } from 'react';
import { Card, Descriptions, Empty, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import type { SurveyItemResult } from '@hanlin/shared';
import { EChart } from '../../../platform/components/EChart';

type Of<K, U = SurveyItemResult> = U extends { kind: infer X } ? (K extends X ? U : never) : never;
type Choice = Of<'single'>;
type Rating = Of<'rating'>;
type Matrix = Of<'matrix'>;

/** Bars of a choice item: one per option (and "other"), the count with its share as the label. */
export function choiceOption(item: Choice, otherLabel: string): EChartsCoreOption {
  const bars = [...item.options, ...(item.other ? [{ label: otherLabel, ...item.other }] : [])];
  return {
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: bars.map((b) => b.label) },
    series: [
      {
        type: 'bar',
        data: bars.map((b) => b.count),
        label: {
          show: true,
          position: 'right',
          formatter: (p: { dataIndex: number }) => {
            const bar = bars[p.dataIndex];
            return bar ? `${bar.count} (${bar.percent}%)` : '';
          },
        },
      },
    ],
  };
}

/** Bars of a rating's distribution: one per star value. */
export function ratingOption(item: Rating): EChartsCoreOption {
  return {
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: item.distribution.map((d) => `${d.value}★`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', data: item.distribution.map((d) => d.count), label: { show: true, position: 'top' } }],
  };
}

/** A matrix as a heat table: rows × scale, each cell's count on a shade as deep as its share of the largest. */
export function HeatTable({ item }: { item: Matrix }) {
  const max = Math.max(1, ...item.cells.flat());
  const rows = item.rows.map((label, i) => ({ key: i, label, cells: item.cells[i] ?? [] }));
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      data-testid={`survey-heat-${item.key}`}
      columns={[
        { key: 'label', dataIndex: 'label', title: '' },
        ...item.columns.map((col, j) => ({
          key: `c${j}`,
          title: col,
          align: 'center' as const,
          onCell: (r: (typeof rows)[number]) => ({ style: { background: `rgba(22, 119, 255, ${((r.cells[j] ?? 0) / max) * 0.75})` } }),
          render: (_: unknown, r: (typeof rows)[number]) => <span data-testid={`survey-heat-${item.key}-${r.key}-${j}`}>{r.cells[j] ?? 0}</span>,
        })),
      ]}
    />
  );
}

/**
 * One item's figures: bars for choices, average and distribution for ratings, a heat table for
 * a matrix, average/least/greatest of numbers, earliest/latest of dates. Free texts are shown by
 * `texts` (the management page's searchable list); without it, only how many answered.
 */
export function ItemResult({ item, texts }: { item: SurveyItemResult; texts?: (key: string) => ReactNode }) {
  const { t } = useTranslation();
  if (item.kind === 'section') {
    return (
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {item.title}
      </Typography.Title>
    );
  }
  const answered = t('surveyResult.answered', { count: item.answered });
  let body: ReactNode = null;
  switch (item.kind) {
    case 'single':
    case 'multiple':
      body = (
        <>
          <EChart
            option={choiceOption(item, t('surveyResult.other'))}
            height={Math.max(120, 40 * (item.options.length + (item.other ? 1 : 0)))}
            testId={`survey-chart-${item.key}`}
          />
          {item.other && item.other.count > 0 && texts ? texts(item.key) : null}
        </>
      );
      break;
    case 'rating':
      body = (
        <>
          <Statistic title={t('surveyResult.average')} value={item.average ?? '-'} suffix={`/ ${item.scale}`} data-testid={`survey-average-${item.key}`} />
          <EChart option={ratingOption(item)} height={200} testId={`survey-chart-${item.key}`} />
        </>
      );
      break;
    case 'matrix':
      body = <HeatTable item={item} />;
      break;
    case 'number':
      body = (
        <Descriptions size="small" data-testid={`survey-number-${item.key}`}>
          <Descriptions.Item label={t('surveyResult.average')}>{item.average ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('surveyResult.min')}>{item.min ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('surveyResult.max')}>{item.max ?? '-'}</Descriptions.Item>
        </Descriptions>
      );
      break;
    case 'date':
      body = (
        <Descriptions size="small">
          <Descriptions.Item label={t('surveyResult.earliest')}>{item.earliest ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('surveyResult.latest')}>{item.latest ?? '-'}</Descriptions.Item>
        </Descriptions>
      );
      break;
    case 'text':
    case 'textarea':
      body = texts ? texts(item.key) : null;
      break;
  }
  return (
    <Card size="small" title={item.title} extra={<span data-testid={`survey-answered-${item.key}`}>{answered}</span>} style={{ marginBottom: 12 }}>
      {body}
    </Card>
  );
}

/** Every item's figures in order. */
export function ItemResults({ items, texts }: { items: readonly SurveyItemResult[]; texts?: (key: string) => ReactNode }) {
  const { t } = useTranslation();
  if (!items.length) return <Empty description={t('surveyResult.noItems')} />;
  return (
    <div data-testid="survey-items">
      {items.map((item) => (
        <ItemResult key={item.key} item={item} texts={texts} />
      ))}
    </div>
  );
}
