import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Form, Input, Space, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FeedbackReplySchema } from '@hanlin/shared';
import { useSchemaForm } from '../../../platform/forms/useSchemaForm';
import { useFormPage } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { findFeedbackReplies, getFeedbackById, replyFeedback } from '../api';
import { RepliedTag } from './feedback-meta';
import { useFeedback } from '../../../platform/feedback';

const LIST = '/dashboard/manage-feedback';

/** `feedback-reply?id=`: the feedback, its reply history and the reply form. */
export default function FeedbackReplyPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const here = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const reply = useSchemaForm(FeedbackReplySchema);

  const detail = useQuery({ queryKey: ['feedback', 'one', id], queryFn: () => getFeedbackById({ id }), enabled: id > 0 });
  // The server decides (code and data scope): a feedback beyond the scope offers no reply form.
  const canReply = detail.data?.abilities.reply === true;
  const replies = useQuery({ queryKey: ['feedback', 'replies', id], queryFn: () => findFeedbackReplies({ id }), enabled: id > 0 });
  // A reply typed and not sent asks before the page is left (back included); a sent one empties the box, the page stays.
  const page = useFormPage({ form: reply.form, title: undefined, queryKey: 'feedback', ready: detail.isSuccess });

  const submit = async () => {
    const body = await reply.read({ id });
    if (!body) return;
    await page.save(
      async () => {
        await replyFeedback(body);
        message.success(t('feedback.replySent'));
        reply.form.resetFields();
        return here.pathname + here.search;
      },
      (err) => reply.showError(err),
      { quiet: true },
    );
  };

  if (!id) return <Empty description={t('feedback.notFound')} />;
  const f = detail.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="feedback-reply-page">
      <Card
        title={t('page.feedback-reply')}
        extra={
          <Button onClick={() => void navigate(LIST)} data-testid="feedback-back">
            {t('common.back')}
          </Button>
        }
      >
        {detail.isLoading || !f ? (
          <Spin />
        ) : (
          <Descriptions
            column={2}
            bordered
            size="small"
            items={[
              { key: 'user', label: t('feedback.realname'), children: `${f.realname} (${f.username})` },
              { key: 'contact', label: t('feedback.contact'), children: f.contact ?? '' },
              { key: 'createdAt', label: t('feedback.createdAt'), children: formatTime(f.createdAt) },
              { key: 'status', label: t('common.status'), children: <RepliedTag replied={f.replied} /> },
              {
                key: 'content',
                label: t('feedback.content'),
                span: 2,
                children: (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="feedback-content">
                    {f.content}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Card title={t('feedback.history')} data-testid="feedback-history">
        {replies.isLoading ? (
          <Spin />
        ) : replies.data?.length ? (
          <Timeline
            items={replies.data.map((r) => ({
              key: r.id,
              content: (
                <div data-testid="feedback-reply-item">
                  <Typography.Text type="secondary">
                    {r.realname ?? r.username ?? t('feedback.deletedUser')} · {formatTime(r.createdAt)}
                  </Typography.Text>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{r.content}</Typography.Paragraph>
                </div>
              ),
            }))}
          />
        ) : (
          <Empty description={t('feedback.noReplies')} />
        )}
      </Card>
      {canReply ? (
        <Card title={t('feedback.reply')}>
          <Form form={reply.form} layout="vertical" data-testid="feedback-reply-form">
            <Form.Item {...reply.item('content')} label={t('feedback.replyContent')}>
              <Input.TextArea rows={5} maxLength={reply.maxLength('content')} showCount data-testid="feedback-content-input" />
            </Form.Item>
          </Form>
          <Button type="primary" loading={page.saving} onClick={() => void submit()} data-testid="feedback-reply-submit">
            {t('feedback.send')}
          </Button>
        </Card>
      ) : null}
    </Space>
  );
}
