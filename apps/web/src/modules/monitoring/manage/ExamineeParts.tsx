import { Card, Col, Input, Row, Select, Space, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXAMINEE_STATES, type ExamineePage, type ExamineeState } from '@hanlin/shared';
import type { useExaminees } from './useExaminees';

export const STATE_COLORS: Record<ExamineeState, string> = { notStarted: 'default', taking: 'processing', submitted: 'green', exception: 'red' };
export const clock = (s: number | null) => (s == null ? '—' : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);

export function StateTag({ state }: { state: ExamineeState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid={`examinee-state-${state}`}>
      {t(`monitoring.state_${state}`)}
    </Tag>
  );
}

/** The exam's counts over the list. */
export function ExamCounts({ page }: { page: ExamineePage | undefined }) {
  const { t } = useTranslation();
  const e = page?.exam;
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {(['audience', 'taking', 'submitted', 'notStarted', 'exceptions'] as const).map((k) => (
        <Col key={k} xs={12} sm={8} md={4}>
          <Card size="small">
            <Statistic title={t(`monitoring.${k}`)} value={e ? e[k] : '—'} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Filters: state and name. */
export function ExamineeFilters({ ctl }: { ctl: ReturnType<typeof useExaminees> }) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        allowClear
        placeholder={t('monitoring.allStates')}
        style={{ minWidth: 140 }}
        value={ctl.state}
        onChange={(v) => {
          ctl.setState(v);
          ctl.setPage(1);
        }}
        options={EXAMINEE_STATES.map((s) => ({ value: s, label: t(`monitoring.state_${s}`) }))}
        data-testid="examinee-state-filter"
      />
      <Input.Search
        allowClear
        placeholder={t('monitoring.searchName')}
        onSearch={(v) => {
          ctl.setKeyword(v.trim());
          ctl.setPage(1);
        }}
        style={{ width: 200 }}
      />
    </Space>
  );
}
