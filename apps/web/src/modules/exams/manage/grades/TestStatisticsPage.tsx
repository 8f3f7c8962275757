import { useMemo } from 'react';
import { Card, Col, Empty, Row, Spin, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { stemText, type TestStatistics } from '@hanlin/shared';
import { EChart } from '../../../../platform/components/EChart';
import { getTestStatistics } from '../../grades-api';
import { ExamCounts, idParam, rateText } from './parts';

type Question = TestStatistics['questions'][number];
const pct = (v: number | null) => (v == null ? '-' : `${Math.round(v * 1000) / 10}%`);

/** `test-statistics?examId=` (cjgl): score distribution, pass rate, average/max/min, per-question correctness and discrimination. */
export default function TestStatisticsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const examId = idParam(params, 'examId');
  const { data, isLoading } = useQuery({ queryKey: ['test-statistics', examId], queryFn: () => getTestStatistics(examId), enabled: examId > 0 });
  const distribution = useMemo(
    () =>
      data && {
        tooltip: {},
        grid: { left: 48, right: 24, top: 36, bottom: 56, containLabel: true },
        xAxis: {
          type: 'category',
          name: t('grades.scoreRange'),
          nameLocation: 'middle',
          nameGap: 32,
          axisLabel: { hideOverlap: true },
          data: data.distribution.map((b) => `${b.from}–${b.to}`),
        },
        yAxis: { type: 'value', minInterval: 1, name: t('grades.peopleAxis') },
        series: [
          {
            type: 'bar',
            name: t('grades.peopleAxis'),
            label: { show: true, position: 'top', formatter: (p: { value: number }) => (p.value ? String(p.value) : '') },
            data: data.distribution.map((b) => b.count),
          },
        ],
      },
    [data, t],
  );
  const perQuestion = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('grades.correctRate'), t('grades.discrimination')] },
        grid: { left: 48, right: 24, top: 48, bottom: 56, containLabel: true },
        xAxis: { type: 'category', name: t('grades.questionAxis'), nameLocation: 'middle', nameGap: 32, data: data.questions.map((q) => String(q.position)) },
        // Correct rate 0…1, discrimination −1…1: one axis from the lowest value shown.
        yAxis: { type: 'value', name: t('grades.rateAxis'), min: data.questions.some((q) => (q.discrimination ?? 0) < 0) ? -1 : 0, max: 1 },
        series: [
          { type: 'bar', name: t('grades.correctRate'), data: data.questions.map((q) => q.correctRate) },
          { type: 'bar', name: t('grades.discrimination'), data: data.questions.map((q) => q.discrimination) },
        ],
      },
    [data, t],
  );
  if (!examId) return <Empty description={t('common.notFound')} />;
  return (
    <>
      <ExamCounts examId={examId} except="test-statistics" />
      {data && distribution && perQuestion ? (
        <>
          <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
            {(
              [
                ['grades.scoredPeople', data.people],
                ['grades.passRate', rateText(data.passRate)],
                ['grades.average', data.average ?? '-'],
                ['grades.max', data.max ?? '-'],
                ['grades.min', data.min ?? '-'],
              ] as const
            ).map(([k, v]) => (
              <Col key={k} xs={12} md={4}>
                <Card size="small">
                  <Statistic title={t(k)} value={v} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('grades.distribution')}>
                <EChart option={distribution} testId="chart-distribution" />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('grades.questionChart')}>
                <EChart option={perQuestion} testId="chart-questions" />
              </Card>
            </Col>
          </Row>
          <Table<Question>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="questionId"
            dataSource={data.questions}
            pagination={false}
            columns={[
              { key: 'position', dataIndex: 'position', title: t('grades.position'), width: 72 },
              { key: 'stem', dataIndex: 'stem', title: t('grades.stem'), ellipsis: { showTitle: true }, width: '40%', render: (v: string) => stemText(v) },
              { key: 'type', dataIndex: 'type', title: t('grades.type'), render: (v: string) => t(`examResults.type_${v}`) },
              { key: 'score', dataIndex: 'score', title: t('grades.questionScore') },
              { key: 'answered', dataIndex: 'answered', title: t('grades.answered') },
              { key: 'correctRate', dataIndex: 'correctRate', title: t('grades.correctRate'), render: (v: number | null) => pct(v) },
              { key: 'discrimination', dataIndex: 'discrimination', title: t('grades.discrimination'), render: (v: number | null) => v ?? '-' },
            ]}
          />
        </>
      ) : isLoading ? (
        <Spin style={{ display: 'block', margin: 48 }} data-testid="test-statistics-loading" />
      ) : null}
    </>
  );
}
