import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrainClassNoticeSendSchema, type TrainClassNoticeSend } from '@hanlin/shared';
import { useSchemaForm } from '../../../platform/forms/useSchemaForm';
import { useFeedback } from '../../../platform/feedback';
import { errorText } from '../../../platform/api/beyond';
import { formatTime } from '../../../platform/format';
import { findClassNotices, sendClassNotice } from '../api';

/**
 * Notices to a class (class-teacher end): a title and a content sent as an in-site message to the class's
 * admitted trainees, and the notices sent so far (newest first) with how many they reached.
 */
export function ClassNoticesPanel({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const qc = useQueryClient();
  const key = ['trainClass', 'notices', classId];
  const notices = useQuery({ queryKey: key, queryFn: () => findClassNotices({ classId }) });
  const f = useSchemaForm(TrainClassNoticeSendSchema);
  const send = useMutation({
    mutationFn: (body: TrainClassNoticeSend) => sendClassNotice(body),
    onSuccess: async (n) => {
      message.success(t('trainClasses.noticeSent', { count: n.recipients }));
      f.form.resetFields();
      await qc.invalidateQueries({ queryKey: key });
    },
    onError: (e) => {
      if (!f.showError(e, { report: false })) message.error(errorText(e));
    },
  });
  const submit = async () => {
    const body = await f.read({ classId });
    if (body) modal.confirm({ title: t('trainClasses.noticeConfirm'), onOk: () => send.mutateAsync(body) });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="class-notices-panel">
      <Card size="small" title={t('trainClasses.noticeNew')}>
        <Form form={f.form} layout="vertical">
          <Form.Item {...f.item('title')} label={t('trainClasses.noticeTitle')}>
            <Input maxLength={f.maxLength('title')} data-testid="class-notice-title" />
          </Form.Item>
          <Form.Item {...f.item('content')} label={t('trainClasses.noticeContent')}>
            <Input.TextArea rows={4} maxLength={f.maxLength('content')} showCount data-testid="class-notice-content" />
          </Form.Item>
          <Button type="primary" loading={send.isPending} onClick={() => void submit()} data-testid="class-notice-send">
            {t('trainClasses.noticeSend')}
          </Button>
        </Form>
      </Card>
      <List
        header={t('trainClasses.noticesSent')}
        loading={notices.isLoading}
        dataSource={notices.data ?? []}
        locale={{ emptyText: t('trainClasses.noNotices') }}
        data-testid="class-notices"
        renderItem={(n) => (
          <List.Item data-testid="class-notice-row">
            <List.Item.Meta
              title={n.title}
              description={
                <Typography.Text type="secondary">
                  {t('trainClasses.noticeMeta', { time: formatTime(n.createdAt), name: n.sentByName ?? '', count: n.recipients })}
                </Typography.Text>
              }
            />
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{n.content}</Typography.Paragraph>
          </List.Item>
        )}
      />
    </Space>
  );
}
