import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Grid, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../../platform/api/beyond';
import { useFeedback } from '../../../platform/feedback';
import { MyCertificateLink } from '../../certificates/index';
import { applyToClass, cancelMyEnrolment, getTrainCatalogClass } from '../api';
import { ClassDisplayTag, EnrolmentStateTag, when } from '../components/enrolment-meta';

/** Portal training detail: the class, its stages, my state and certificate; sign up (after reading the application notice) or cancel. */
export default function TrainingDetailPage() {
  const { t } = useTranslation();
  // On a phone the labels go above their values (side by side they break mid-word at 390 px).
  const wide = Grid.useBreakpoint().sm ?? true;
  const { id } = useParams();
  const classId = Number(id);
  const qc = useQueryClient();
  const { message, modal } = useFeedback();
  const [notice, setNotice] = useState(false);
  const detail = useQuery({ queryKey: ['trainEnrolment', 'catalog', 'get', classId], queryFn: () => getTrainCatalogClass(classId), enabled: classId > 0 });
  const refresh = () => qc.invalidateQueries({ queryKey: ['trainEnrolment'] });
  const apply = useMutation({
    mutationFn: () => applyToClass(classId),
    onSuccess: async (r) => {
      setNotice(false);
      message.success(t(`trainEnrolments.applied_${r.state}`));
      await refresh();
    },
    onError: (e) => message.error(errorText(e)),
  });
  const cancel = useMutation({
    mutationFn: () => cancelMyEnrolment(classId),
    onSuccess: async () => {
      message.success(t('common.done'));
      await refresh();
    },
    onError: (e) => message.error(errorText(e)),
  });
  if (detail.isLoading) return <Spin />;
  const c = detail.data;
  if (!c) return <Empty description={t('trainEnrolments.notFound')} />;
  const signUp = () => (c.applicationNotice ? setNotice(true) : apply.mutate());
  return (
    <Card
      data-testid="training-detail-page"
      styles={{ body: { padding: 12 } }}
      title={
        <Typography.Text strong style={{ whiteSpace: 'normal' }} data-testid="training-name">
          {c.name}
        </Typography.Text>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Space wrap size={4}>
          <ClassDisplayTag state={c.displayState} />
          <Tag>{t(`trainEnrolments.mode_${c.mode}`)}</Tag>
          {c.myState ? <EnrolmentStateTag state={c.myState} /> : <Tag data-testid="enrolment-state-none">{t('trainEnrolments.notSignedUp')}</Tag>}
        </Space>
        {c.myQueuePosition !== null && <Alert type="info" showIcon message={t('trainEnrolments.queueAt', { n: c.myQueuePosition })} data-testid="training-queue" />}
        {c.myReason && <Alert type="warning" showIcon message={t('trainEnrolments.reasonIs', { reason: c.myReason })} data-testid="training-reason" />}
        {c.myCertificate && <MyCertificateLink certificate={c.myCertificate} testId="training-certificate" />}
        <Space wrap>
          {c.abilities.apply && (
            <Button type="primary" loading={apply.isPending} onClick={signUp} data-testid="training-apply">
              {t('trainEnrolments.signUp')}
            </Button>
          )}
          {c.abilities.cancel && (
            <Button
              danger
              loading={cancel.isPending}
              data-testid="training-cancel"
              onClick={() =>
                modal.confirm({
                  title: t('trainEnrolments.cancelMineConfirm'),
                  okText: t('common.confirm'),
                  cancelText: t('common.cancel'),
                  okButtonProps: { danger: true, 'data-testid': 'training-cancel-ok' },
                  onOk: () => cancel.mutateAsync().catch(() => undefined),
                })
              }
            >
              {t('trainEnrolments.cancelMine')}
            </Button>
          )}
          {!c.abilities.apply && !c.myState && c.enrolWindow !== 'open' && (
            <Typography.Text type="secondary" data-testid="training-window">
              {t(`trainEnrolments.window_${c.enrolWindow}`)}
            </Typography.Text>
          )}
        </Space>
        <Descriptions size="small" column={1} bordered layout={wide ? 'horizontal' : 'vertical'} data-testid="training-facts">
          <Descriptions.Item label={t('trainEnrolments.time')}>
            {when(c.startAt)} – {when(c.endAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('trainEnrolments.enrolWindow')}>
            {when(c.enrolStartAt)} – {when(c.enrolEndAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('trainEnrolments.seats')}>
            <span data-testid="training-seats">
              {c.seats.taken}/{c.seats.total}
            </span>
            {c.seats.queued > 0 && ` · ${t('trainEnrolments.queuedN', { n: c.seats.queued })}`}
          </Descriptions.Item>
          {!!c.orgName && <Descriptions.Item label={t('trainEnrolments.host')}>{c.orgName}</Descriptions.Item>}
          {!!c.headmasterName && (
            <Descriptions.Item label={t('trainEnrolments.headmaster')}>
              <span data-testid="training-headmaster">{c.headmasterName}</span>
            </Descriptions.Item>
          )}
          {!!(c.contact || c.phone) && (
            <Descriptions.Item label={t('trainEnrolments.contact')}>
              {c.contact} {c.phone}
            </Descriptions.Item>
          )}
          {!!c.purpose && <Descriptions.Item label={t('trainEnrolments.purpose')}>{c.purpose}</Descriptions.Item>}
          {!!c.content && <Descriptions.Item label={t('trainEnrolments.content')}>{c.content}</Descriptions.Item>}
        </Descriptions>
        <List
          header={<Typography.Text strong>{t('trainEnrolments.stages')}</Typography.Text>}
          dataSource={c.stages}
          rowKey="id"
          locale={{ emptyText: t('trainEnrolments.noStages') }}
          renderItem={(s) => (
            <List.Item data-testid="training-stage" style={{ display: 'block' }}>
              <Typography.Text strong>{s.name}</Typography.Text>
              <div style={{ fontSize: 12 }}>
                {when(s.startsAt)} – {when(s.endsAt)}
                {s.place && ` · ${s.place}`}
                {s.lecturerName && ` · ${s.lecturerName}`}
              </div>
              {!!(s.courseName || s.topic) && <Typography.Text type="secondary">{[s.courseName, s.topic].filter(Boolean).join(' · ')}</Typography.Text>}
            </List.Item>
          )}
        />
      </Space>
      <Modal
        open={notice}
        title={t('trainEnrolments.applicationNotice')}
        okText={t('trainEnrolments.agreeAndSignUp')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: apply.isPending, 'data-testid': 'training-notice-ok' }}
        onOk={() => apply.mutate()}
        onCancel={() => setNotice(false)}
        destroyOnHidden
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="training-notice">
          {c.applicationNotice}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
