import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { YEAR_PLAN_APPROVAL_TYPE, YEAR_PLAN_BUDGET_ITEMS as FEES, type YearPlanLine, type YearPlanRow } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { ApprovalHistoryTimeline } from '../../approvals/index';
import { exportYearPlan, getYearPlanById } from '../api';
import { YearPlanStateTag, yuan } from './year-plan-meta';

/** Exports one plan (its lines and totals in yuan) as Excel. */
export function YearPlanExportButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const run = useMutation({ mutationFn: () => exportYearPlan({ id }), onSuccess: saveDownload });
  return (
    <Button type="link" loading={run.isPending} onClick={() => run.mutate()} data-testid="year-plan-export">
      {t('yearPlans.exportPlan')}
    </Button>
  );
}

/** One plan at a glance: its lines with the budget items, the totals in yuan, and the approval history. */
function YearPlanDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const plan = useQuery({ queryKey: ['yearPlan', 'detail', id], queryFn: () => getYearPlanById({ id }) });
  if (!plan.data) return <Spin />;
  const p = plan.data;
  const sum = (k: (typeof FEES)[number]) => p.lines.reduce((n, l) => n + l[k], 0);
  return (
    <>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('yearPlans.name')}>{p.name}</Descriptions.Item>
        <Descriptions.Item label={t('yearPlans.year')}>{p.year}</Descriptions.Item>
        <Descriptions.Item label={t('yearPlans.type')}>{t(`yearPlans.type_${p.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <YearPlanStateTag state={p.state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('yearPlans.totalSessions')}>
          <span data-testid="year-plan-detail-sessions">{p.totalSessions}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('yearPlans.totalBudget')}>
          <span data-testid="year-plan-detail-budget">{yuan(p.totalBudget)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('yearPlans.lines')}
      </Typography.Title>
      <Table<YearPlanLine>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={p.lines}
        columns={[
          { key: 'month', dataIndex: 'month', title: t('yearPlans.month') },
          { key: 'sessions', dataIndex: 'sessions', title: t('yearPlans.sessions') },
          { key: 'trainingType', dataIndex: 'trainingType', title: t('yearPlans.trainingType') },
          { key: 'content', dataIndex: 'content', title: t('yearPlans.content') },
          { key: 'form', title: t('yearPlans.form'), render: (_, l) => t(`yearPlans.form_${l.form}`) },
          { key: 'days', dataIndex: 'days', title: t('yearPlans.days') },
          ...FEES.map((k) => ({ key: k, title: t(`yearPlans.${k}`), render: (_: unknown, l: YearPlanLine) => yuan(l[k]) })),
          { key: 'total', title: t('yearPlans.lineTotal'), render: (_, l) => <span data-testid="year-plan-detail-line-total">{yuan(l.total)}</span> },
          {
            key: 'actual',
            title: t('yearPlans.actual'),
            render: (_, l) => (
              <Typography.Text type={l.actual > l.total ? 'danger' : undefined} data-testid="year-plan-detail-line-actual">
                {yuan(l.actual)}
              </Typography.Text>
            ),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('yearPlans.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{p.totalSessions}</Table.Summary.Cell>
            <Table.Summary.Cell index={2} colSpan={4} />
            {FEES.map((k, i) => (
              <Table.Summary.Cell key={k} index={6 + i}>
                {yuan(sum(k))}
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={10}>
              <span data-testid="year-plan-detail-total">{yuan(p.totalBudget)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={11}>
              <Typography.Text type={p.totalActual > p.totalBudget ? 'danger' : undefined} data-testid="year-plan-detail-actual">
                {yuan(p.totalActual)}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('yearPlans.history')}
      </Typography.Title>
      <ApprovalHistoryTimeline businessType={YEAR_PLAN_APPROVAL_TYPE} businessId={p.id} />
    </>
  );
}

/** The row's "details" link and its drawer (lines, totals, approval history, export). */
export function YearPlanDetailLink({ row }: { row: YearPlanRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} data-testid="year-plan-detail">
        {t('yearPlans.detail')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={960} destroyOnHidden title={row.name} extra={<YearPlanExportButton id={row.id} />}>
        {open && <YearPlanDetail id={row.id} />}
      </Drawer>
    </>
  );
}
