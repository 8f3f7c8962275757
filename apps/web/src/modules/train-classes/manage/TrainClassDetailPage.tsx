import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { TRAIN_CLASS_APPROVAL_TYPE } from '@hanlin/shared';
import { usePageTitle } from '../../../platform/page-title';
import { useCan } from '../../../platform/permission';
import { ApprovalHistoryTimeline } from '../../approvals/index';
import { getTrainClassById } from '../api';
import { ClassInfo } from '../components/ClassInfo';
import { CancelClassButton } from '../components/CancelClassButton';

/** `manage-trainClass?id=`: one class's details (facts, stages, budget, approval history) with edit and cancel as allowed. */
export default function TrainClassDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const mayModify = useCan('pxapgl:modify');
  const q = useQuery({ queryKey: ['trainClass', 'one', id], queryFn: () => getTrainClassById({ id }), enabled: id > 0 });
  usePageTitle(q.data?.name);
  if (!id) return <Empty />;
  if (!q.data) return <Spin />;
  const c = q.data;
  return (
    <Card
      title={c.name}
      data-testid="train-class-detail-page"
      extra={
        <Space>
          {c.abilities.modify && mayModify ? (
            <Button onClick={() => void navigate(`/dashboard/add-train-class?id=${c.id}`)} data-testid="train-class-detail-edit">
              {t('common.edit')}
            </Button>
          ) : null}
          {c.abilities.cancel ? <CancelClassButton id={c.id} /> : null}
        </Space>
      }
    >
      <ClassInfo c={c} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('trainClasses.history')}
      </Typography.Title>
      <ApprovalHistoryTimeline businessType={TRAIN_CLASS_APPROVAL_TYPE} businessId={c.id} />
    </Card>
  );
}
