import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, List, Radio, Space, Spin, Tag, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QA_ANSWER_KINDS, QaAnswerCreateSchema, type QaAnswerRow, type QaPublic } from '@hanlin/shared';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { RichTextView } from '../../../platform/components/RichTextView';
import { formatTime } from '../../../platform/format';
import { useFeedback } from '../../../platform/feedback';
import { useSchemaForm } from '../../../platform/forms/useSchemaForm';
import { deleteQaAnswer, findPortalQa, findQaAnswers, getPortalQa, insertQaAnswer } from '../api';
import { QaTitle } from '../manage/qa-meta';

const wrap = { overflowWrap: 'anywhere' } as const;
const KIND_COLORS: Record<QaAnswerRow['kind'], string> = { answer: 'blue', followUp: 'orange' };

function Meta({ e }: { e: Pick<QaPublic, 'categoryLabel' | 'answerCount' | 'releasedAt'> }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, ...wrap }}>
      {[e.categoryLabel, t('qa.answers', { count: e.answerCount }), e.releasedAt ? formatTime(e.releasedAt) : null].filter(Boolean).join(' · ')}
    </Typography.Text>
  );
}

/** One reply: answer or follow-up, its author and time; its author may delete it (confirmed). */
function AnswerItem({ a, onDeleted }: { a: QaAnswerRow; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const remove = useMutation({ mutationFn: () => deleteQaAnswer({ id: a.id }), onSuccess: onDeleted });
  return (
    <List.Item data-testid="qa-answer" style={{ display: 'block' }}>
      <Space wrap size={4}>
        <Tag color={KIND_COLORS[a.kind]}>{t(`qa.kind_${a.kind}`)}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {a.authorName ?? '—'} · {formatTime(a.createdAt)}
        </Typography.Text>
      </Space>
      <div style={{ marginTop: 4, whiteSpace: 'pre-wrap', ...wrap }} data-testid="qa-answer-content">
        {a.content}
      </div>
      {a.abilities.delete && (
        <Button
          size="small"
          type="link"
          danger
          style={{ paddingInline: 0 }}
          loading={remove.isPending}
          data-testid="qa-answer-delete"
          onClick={() =>
            modal.confirm({
              title: t('qa.deleteAnswerConfirm'),
              okButtonProps: { danger: true, 'data-testid': 'qa-answer-delete-ok' },
              onOk: () => remove.mutateAsync(),
            })
          }
        >
          {t('common.delete')}
        </Button>
      )}
    </List.Item>
  );
}

const ReplySchema = QaAnswerCreateSchema.omit({ entryId: true });

/** Answer or ask a follow-up; a refusal (sensitive words) shows on the text. */
function ReplyForm({ entryId, onSent }: { entryId: number; onSent: () => void }) {
  const { t } = useTranslation();
  const f = useSchemaForm(ReplySchema);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const v = await f.read();
    if (!v) return;
    setBusy(true);
    try {
      await insertQaAnswer({ ...v, entryId }, { silent: true });
      f.form.resetFields(['content']);
      onSent();
    } catch (e) {
      f.showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={f.form} layout="vertical" initialValues={{ kind: 'answer' }} onFinish={() => void send()} data-testid="qa-reply-form">
      <Form.Item {...f.item('kind')} label={t('qa.replyKind')}>
        <Radio.Group options={QA_ANSWER_KINDS.map((k) => ({ value: k, label: t(`qa.kind_${k}`) }))} data-testid="qa-reply-kind" />
      </Form.Item>
      <Form.Item {...f.item('content')} label={t('qa.reply')}>
        <Input.TextArea rows={3} maxLength={f.maxLength('content')} showCount data-testid="qa-reply" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="qa-reply-send">
        {t('qa.send')}
      </Button>
    </Form>
  );
}

function QaDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['qa-portal', 'detail', id], queryFn: () => getPortalQa({ id }) });
  const answers = usePagedQuery(['qa-portal', 'answers', id], (paging) => findQaAnswers({ ...paging, entryId: id }));
  const changed = () => void qc.invalidateQueries({ queryKey: ['qa-portal'] });
  const e = q.data;
  return (
    <Card data-testid="qa-detail" styles={{ body: { padding: 12 } }}>
      <Button onClick={onBack} data-testid="qa-back">
        {t('common.back')}
      </Button>
      {q.isLoading ? (
        <Spin />
      ) : e ? (
        <>
          {/* The title in the body, not the card head: a long one wraps on a 390 px screen instead of being cut. */}
          <Typography.Title level={4} style={{ marginTop: 12 }}>
            <QaTitle title={e.title} pinned={e.pinned} testId="qa-detail" />
          </Typography.Title>
          <Meta e={e} />
          <RichTextView html={e.content} testId="qa-detail-content" />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('qa.answersTitle')}
          </Typography.Title>
          <PagedList paged={answers} emptyText={t('qa.noAnswers')} renderItem={(a) => <AnswerItem a={a} onDeleted={changed} />} />
          <div style={{ marginTop: 16 }}>
            <ReplyForm entryId={id} onSent={changed} />
          </div>
        </>
      ) : null}
    </Card>
  );
}

/** Student center "Q&A": released entries (pinned first) with search, and an entry with its answers (`?id=`), 390 px wide too. */
export default function QaCenterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const keyword = params.get('keyword') ?? undefined;
  const paged = usePagedQuery(['qa-portal', 'list', keyword], (paging) => findPortalQa({ ...paging, keyword }), { enabled: !id });
  if (id) return <QaDetail id={id} onBack={() => setParams(keyword ? { keyword } : {})} />;
  return (
    <Card title={t('center.qa')} data-testid="qa-center" styles={{ body: { padding: 12 } }}>
      <Input.Search
        allowClear
        defaultValue={keyword}
        placeholder={t('qa.searchPlaceholder')}
        onSearch={(v) => {
          paged.setPage(1);
          setParams(v.trim() ? { keyword: v.trim() } : {});
        }}
        style={{ maxWidth: 360, marginBottom: 8 }}
        data-testid="qa-search"
      />
      <PagedList
        paged={paged}
        emptyText={t('qa.empty')}
        renderItem={(e) => (
          <PagedListItem
            testId="qa-item"
            icon={<MessageOutlined style={{ fontSize: 24, color: '#1677ff' }} />}
            breakWords
            action={
              <Button size="small" onClick={() => setParams({ ...(keyword ? { keyword } : {}), id: String(e.id) })} data-testid="qa-item-open">
                {t('qa.open')}
              </Button>
            }
          >
            <QaTitle title={e.title} pinned={e.pinned} testId="qa-item" />
            <div>
              <Meta e={e} />
            </div>
          </PagedListItem>
        )}
      />
    </Card>
  );
}
