import { useState } from 'react';
import { Button, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_PLAN_APPROVAL_TYPE, YEAR_PLAN_BUDGET_ITEMS as FEES, type TrainPlanRow } from '@hanlin/shared';
import { ApprovalHistoryTimeline } from '../../approvals/index';
import { TrainPlanStateTag, yuan } from './train-plan-meta';

/** One plan at a glance: its fields, budget items and total in yuan, and the approval history. */
function TrainPlanDetail({ p }: { p: TrainPlanRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('trainPlans.name')}>{p.name}</Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.org')}>{p.orgName}</Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.reason')} span={2}>
          {p.reason}
        </Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.dates')}>
          {p.startDate} – {p.endDate}
        </Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <TrainPlanStateTag state={p.state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.trainingType')}>{p.trainingType}</Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.form')}>{t(`trainPlans.form_${p.form}`)}</Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.days')}>{p.days}</Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.sessions')}>{p.sessions}</Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.trainees')}>{p.trainees}</Descriptions.Item>
        <Descriptions.Item label={t('trainPlans.yearPlan')}>{p.yearPlanName ? `${p.yearPlanName} (${p.yearPlanYear})` : '—'}</Descriptions.Item>
        {FEES.map((k) => (
          <Descriptions.Item key={k} label={t(`trainPlans.${k}`)}>
            {yuan(p[k])}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('trainPlans.totalBudget')} span="filled">
          <b data-testid="train-plan-detail-total">{yuan(p.totalBudget)}</b>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('trainPlans.history')}
      </Typography.Title>
      <ApprovalHistoryTimeline businessType={TRAIN_PLAN_APPROVAL_TYPE} businessId={p.id} />
    </>
  );
}

/** The row's "details" link and its drawer (fields, budget, approval history). */
export function TrainPlanDetailLink({ row }: { row: TrainPlanRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} data-testid="train-plan-detail">
        {t('trainPlans.detail')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} size={720} destroyOnHidden title={row.name}>
        {open && <TrainPlanDetail p={row} />}
      </Drawer>
    </>
  );
}
