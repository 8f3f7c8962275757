import { skipToken, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { OutsideTrainingFile } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { getOutsideTrainingById } from '../api';
import { OutsideTrainingStateTag, yuan } from '../components/outside-training-meta';

function Files({ files }: { files: OutsideTrainingFile[] }) {
  if (!files.length) return <>-</>;
  return (
    <Space orientation="vertical" size={0}>
      {files.map((f) => (
        <span key={f.ref} data-testid="outside-training-file">
          {f.name}
        </span>
      ))}
    </Space>
  );
}

/** `train-out-detail?id=`: one application, its result and certificate (the approval history is on the approval pages). */
export default function OutsideTrainingDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const q = useQuery({ queryKey: ['outsideTraining', 'one', id], queryFn: id ? () => getOutsideTrainingById({ id }) : skipToken });
  const r = q.data;
  return (
    <Card
      title={t('outsideTrainings.detailTitle')}
      data-testid="outside-training-detail-page"
      extra={
        <Button onClick={() => void navigate('/dashboard/manage-train-out')} data-testid="outside-training-back">
          {t('common.back')}
        </Button>
      }
    >
      {q.isLoading ? (
        <Spin />
      ) : r ? (
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('outsideTrainings.course')}>
            <span data-testid="outside-training-course">{r.course}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.institution')}>{r.institutionName}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.applicant')}>{r.creatorName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.org')}>{r.orgName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.startDate')}>{r.startDate}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.endDate')}>{r.endDate}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.cost')}>
            <span data-testid="outside-training-cost">{yuan(r.cost)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('common.status')}>
            <OutsideTrainingStateTag state={r.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.reason')} span={2}>
            {r.reason || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.attachments')} span={2}>
            <Files files={r.attachments} />
          </Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.result')}>
            <span data-testid="outside-training-result">{r.result ? t(`outsideTrainings.result_${r.result}`) : '-'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.score')}>{r.score ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.notes')}>{r.notes || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.resultAt')}>{formatTime(r.resultAt) || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('outsideTrainings.certificate')} span={2}>
            <Files files={r.certificate ? [r.certificate] : []} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
