import { useState } from 'react';
import { useMutation, useQuery, useQueryClient, skipToken } from '@tanstack/react-query';
import { Button, Card, Descriptions, Popconfirm, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { registrationRefused } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { approveRegistrations, getRegistrationById } from '../api';
import { RefuseDialog, RegistrationStatusTag } from '../components/registration-meta';
import { useFeedback } from '../../../platform/feedback';

/** `registered-user-detail?id=`: one registration, with approve and refuse while pending. */
export default function RegistrationDetailPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [refusing, setRefusing] = useState<number[] | null>(null);
  const q = useQuery({ queryKey: ['registration', 'one', id], queryFn: id ? () => getRegistrationById({ id }) : skipToken });
  const r = q.data;
  const approve = useMutation({
    mutationFn: (regId: number) => approveRegistrations({ ids: [regId] }),
    onSuccess: async () => {
      message.success(t('common.done'));
      await qc.invalidateQueries({ queryKey: ['registration'] });
    },
  });
  return (
    <Card
      title={t('registration.detailTitle')}
      data-testid="registration-detail-page"
      extra={
        <Space>
          <Button onClick={() => void navigate(`/dashboard/${r?.kind === 'student' ? 'registered-student' : 'registered-user'}`)} data-testid="registration-back">
            {t('common.back')}
          </Button>
          {r?.abilities.approve ? (
            <>
              <Button danger onClick={() => setRefusing([r.id])} data-testid="registration-refuse">
                {t('registration.refuse')}
              </Button>
              <Popconfirm
                title={t('common.confirmTitle', { action: t('registration.approve') })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ 'data-testid': 'registration-approve-ok' }}
                onConfirm={() => approve.mutateAsync(r.id).catch(() => undefined)}
              >
                <Button type="primary" loading={approve.isPending} data-testid="registration-approve">
                  {t('registration.approve')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Space>
      }
    >
      {q.isLoading ? (
        <Spin />
      ) : r ? (
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('registration.username')}>{r.username}</Descriptions.Item>
          <Descriptions.Item label={t('registration.realname')}>{r.realname}</Descriptions.Item>
          <Descriptions.Item label={t('registration.kind')}>{t(`registration.kind_${r.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('registration.org')}>{r.orgName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('registration.email')}>{r.email}</Descriptions.Item>
          <Descriptions.Item label={t('registration.phone')}>{r.phone ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('registration.cardNumber')}>{r.cardNumber ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('common.status')}>
            <RegistrationStatusTag status={r.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('registration.createdAt')}>{formatTime(r.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('registration.reviewer')}>{r.reviewerName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('registration.reviewedAt')}>{formatTime(r.reviewedAt) || '-'}</Descriptions.Item>
          {registrationRefused(r) ? (
            <Descriptions.Item label={t('registration.reason')} span={2}>
              <span data-testid="registration-detail-reason">{r.reason}</span>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
      <RefuseDialog
        ids={refusing}
        onClose={(done) => {
          setRefusing(null);
          if (done) void qc.invalidateQueries({ queryKey: ['registration'] });
        }}
      />
    </Card>
  );
}
