import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, InputNumber, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_PLAN_LIFECYCLE, YEAR_PLAN_LIFECYCLE, YEAR_PLAN_YEAR_MAX, YEAR_PLAN_YEAR_MIN, type LeaderCenter } from '@hanlin/shared';
import { LifecycleTag } from '../../../platform/lifecycle';
import { getLeaderCenter } from '../api';

type OrgTotals = LeaderCenter['orgs'][number];
type AnnualPlan = LeaderCenter['annualPlans'][number];
type AdHocPlan = LeaderCenter['trainPlans'][number];

/** Fen shown as yuan with two decimals. */
const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * `leader-center-plan`: the signed-in leader's read-only view of the plans of the organizations they
 * lead (with their sub-organizations) for a year: totals per organization, then the annual and the
 * unplanned plans (drafts are the departments' unfinished work and are not shown).
 */
export default function LeaderCenterPage() {
  const { t } = useTranslation();
  const [year, setYear] = useState<number | undefined>(undefined);
  const q = useQuery({ queryKey: ['leader', 'center', year ?? null], queryFn: () => getLeaderCenter({ year }) });
  const c = q.data;
  return (
    <Card
      data-testid="leader-center-page"
      title={c?.title ? `${t('leaders.centerTitle')} · ${c.title}` : t('leaders.centerTitle')}
      extra={
        <Space>
          {t('leaders.year')}
          <InputNumber
            min={YEAR_PLAN_YEAR_MIN}
            max={YEAR_PLAN_YEAR_MAX}
            precision={0}
            value={year ?? c?.year}
            onChange={(v) => setYear(v ?? undefined)}
            data-testid="leader-center-year"
          />
        </Space>
      }
    >
      {!c ? (
        <Spin />
      ) : !c.isLeader ? (
        <Empty description={t('leaders.notLeader')} data-testid="leader-center-none" />
      ) : (
        <>
          <Table<OrgTotals>
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: true }}
            dataSource={c.orgs}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('leaders.org') },
              { key: 'annualCount', title: t('leaders.annualCount'), render: (_, o) => o.annual.count },
              { key: 'annualSessions', title: t('leaders.annualSessions'), render: (_, o) => o.annual.sessions },
              { key: 'annualBudget', title: t('leaders.annualBudget'), render: (_, o) => <span data-testid="leader-center-annual-budget">{yuan(o.annual.budget)}</span> },
              { key: 'adHocCount', title: t('leaders.adHocCount'), render: (_, o) => o.adHoc.count },
              { key: 'adHocSessions', title: t('leaders.adHocSessions'), render: (_, o) => o.adHoc.sessions },
              { key: 'adHocBudget', title: t('leaders.adHocBudget'), render: (_, o) => <span data-testid="leader-center-adhoc-budget">{yuan(o.adHoc.budget)}</span> },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('leaders.annualPlans')}
          </Typography.Title>
          <Table<AnnualPlan>
            size="small"
            rowKey="id"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: true }}
            dataSource={c.annualPlans}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('leaders.planName'), render: (v: string) => <span data-testid="leader-center-annual-name">{v}</span> },
              { key: 'orgName', dataIndex: 'orgName', title: t('leaders.org') },
              { key: 'sessions', dataIndex: 'totalSessions', title: t('leaders.sessions') },
              { key: 'budget', title: t('leaders.budget'), render: (_, p) => yuan(p.totalBudget) },
              { key: 'state', title: t('common.status'), render: (_, p) => <LifecycleTag lifecycle={YEAR_PLAN_LIFECYCLE} state={p.state} /> },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('leaders.adHocPlans')}
          </Typography.Title>
          <Table<AdHocPlan>
            size="small"
            rowKey="id"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: true }}
            dataSource={c.trainPlans}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('leaders.planName'), render: (v: string) => <span data-testid="leader-center-adhoc-name">{v}</span> },
              { key: 'orgName', dataIndex: 'orgName', title: t('leaders.org') },
              { key: 'dates', title: t('leaders.dates'), render: (_, p) => `${p.startDate} – ${p.endDate}` },
              { key: 'sessions', dataIndex: 'sessions', title: t('leaders.sessions') },
              { key: 'trainees', dataIndex: 'trainees', title: t('leaders.trainees') },
              { key: 'budget', title: t('leaders.budget'), render: (_, p) => yuan(p.totalBudget) },
              { key: 'state', title: t('common.status'), render: (_, p) => <LifecycleTag lifecycle={TRAIN_PLAN_LIFECYCLE} state={p.state} /> },
            ]}
          />
        </>
      )}
    </Card>
  );
}
