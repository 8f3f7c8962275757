import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrainClassMode, TrainMyRow } from '@hanlin/shared';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { errorText } from '../../../platform/api/beyond';
import { useFeedback } from '../../../platform/feedback';
import { MyCertificateLink } from '../../certificates/index';
import { cancelMyEnrolment, findMyTraining } from '../api';
import { ClassDisplayTag, EnrolmentStateTag, when } from '../components/enrolment-meta';

function CancelButton({ row }: { row: TrainMyRow }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { message, modal } = useFeedback();
  const cancel = useMutation({
    mutationFn: () => cancelMyEnrolment(row.classId),
    onSuccess: async () => {
      message.success(t('common.done'));
      await qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
    },
    onError: (e) => message.error(errorText(e)),
  });
  if (!row.abilities.cancel) return null;
  return (
    <Button
      danger
      size="small"
      loading={cancel.isPending}
      data-testid="my-training-cancel"
      onClick={() =>
        modal.confirm({
          title: t('trainEnrolments.cancelMineConfirm'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: true, 'data-testid': 'my-training-cancel-ok' },
          onOk: () => cancel.mutateAsync().catch(() => undefined),
        })
      }
    >
      {t('trainEnrolments.cancelMine')}
    </Button>
  );
}

/**
 * Student center: my sign-ups of one mode (face-to-face or mixed training), with their state, cancel before the
 * start, and the certificate I received on completing the class.
 */
export function MyTrainingPage({ mode }: { mode: TrainClassMode }) {
  const { t } = useTranslation();
  const paged = usePagedQuery(['trainEnrolment', 'my', mode], (p) => findMyTraining({ ...p, mode }));
  return (
    <Card title={t(mode === 'faceToFace' ? 'center.face-training' : 'center.mixed-training')} data-testid="my-training-page" styles={{ body: { padding: 12 } }}>
      <PagedList
        paged={paged}
        emptyText={t('trainEnrolments.noSignUps')}
        renderItem={(r) => (
          <PagedListItem testId="my-training-item" icon={<TeamOutlined style={{ fontSize: 32 }} />} breakWords action={<CancelButton row={r} />}>
            <Link to={`/portal/training/${r.classId}`}>
              <Typography.Text strong>{r.className}</Typography.Text>
            </Link>
            <div>
              <Space wrap size={4}>
                <EnrolmentStateTag state={r.state} />
                <ClassDisplayTag state={r.displayState} />
                {r.queuePosition !== null && <Typography.Text type="secondary">{t('trainEnrolments.queueAt', { n: r.queuePosition })}</Typography.Text>}
              </Space>
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {when(r.startAt)} – {when(r.endAt)}
              {r.reason && ` · ${t('trainEnrolments.reasonIs', { reason: r.reason })}`}
            </Typography.Text>
            {r.certificate && (
              <div>
                <MyCertificateLink certificate={r.certificate} testId="my-training-certificate" />
              </div>
            )}
          </PagedListItem>
        )}
      />
    </Card>
  );
}

export default function FaceTrainingPage() {
  return <MyTrainingPage mode="faceToFace" />;
}
