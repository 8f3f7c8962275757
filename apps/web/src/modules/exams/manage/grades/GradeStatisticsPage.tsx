import { useState } from 'react';
import { Card, Col, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { GradeExamRow } from '@hanlin/shared';
import { CrudPage, type ListParams } from '../../../../platform/kernel';
import { findGradeExams, getGradeStatistics } from '../../grades-api';
import { gradeExamColumns, gradeExamFilters } from './GradeListPage';
import { ExamLinks, rateText } from './parts';

/** `grade-statistics` (cjgl): totals across the exams of the filter (dates, state, name), and the exams themselves. */
export default function GradeStatisticsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const { data } = useQuery({ queryKey: ['grade-statistics', filters], queryFn: () => getGradeStatistics(filters) });
  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="grade-statistics">
        {(
          [
            ['grades.examCount', data?.exams],
            ['grades.examinees', data?.examinees],
            ['grades.submitted', data?.submitted],
            ['grades.passedCount', data?.passed],
            ['grades.passRate', rateText(data?.passRate ?? null)],
            ['grades.average', data?.average ?? '-'],
          ] as const
        ).map(([k, v]) => (
          <Col key={k} xs={12} md={4}>
            <Card size="small">
              <Statistic title={t(k)} value={v ?? '-'} loading={!data} />
            </Card>
          </Col>
        ))}
      </Row>
      <CrudPage<GradeExamRow>
        testId="grade-statistics-exams"
        titleKey="page.grade-statistics"
        queryKey="grade-statistics-exams"
        fetch={(p: ListParams) => {
          const { page: _p, size: _s, sort: _o, ...f } = p;
          setFilters(f);
          return findGradeExams(p);
        }}
        columns={gradeExamColumns}
        filters={gradeExamFilters}
        extraRowActions={(r) => (
          <Space size={0} wrap>
            <ExamLinks examId={r.id} />
          </Space>
        )}
      />
    </>
  );
}
