import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, List, Modal, Pagination, Popconfirm, Segmented, Space, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPROVAL_LIFECYCLE, ApprovalDecideSchema, type ApprovalListQuery, type ApprovalRow } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { LifecycleTag } from '../../../platform/lifecycle';
import { useSchemaForm } from '../../../platform/forms/useSchemaForm';
import { useFeedback } from '../../../platform/feedback';
import { decideApproval, findMySubmitted, findMyTodo, getApprovalHistory, withdrawApproval } from '../api';
import { BusinessType } from '../components/BusinessType';

const SIZE = 10;
type Tab = 'todo' | 'submitted';
type Deciding = { row: ApprovalRow; decision: 'approve' | 'refuse' };

/** Approve or refuse one approval: a refusal needs its reason (the shared schema's rule). */
function DecideDialog({ deciding, onClose, onDone }: { deciding: Deciding | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const f = useSchemaForm(ApprovalDecideSchema);
  const save = useMutation({ mutationFn: decideApproval, onSuccess: onDone, onError: (e) => f.showError(e) });
  const submit = async () => {
    if (!deciding) return;
    const body = await f.read({ id: deciding.row.id, decision: deciding.decision, taskId: deciding.row.myTaskId ?? undefined });
    if (body) save.mutate(body);
  };
  return (
    <Modal
      open={!!deciding}
      destroyOnHidden
      title={deciding ? `${t(`approvals.${deciding.decision}`)} · ${deciding.row.title}` : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={deciding ? t(`approvals.${deciding.decision}`) : ''}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, danger: deciding?.decision === 'refuse', 'data-testid': 'approval-decide-ok' }}
    >
      <Form form={f.form} layout="vertical" preserve={false}>
        <Form.Item {...f.item('comment')} label={t(deciding?.decision === 'refuse' ? 'approvals.reason' : 'approvals.comment')} required={deciding?.decision === 'refuse'}>
          <Input.TextArea rows={3} maxLength={f.maxLength('comment')} data-testid="approval-decide-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Every decision of an approval, in order, on the server's clock (shown on the business record too). */
export function ApprovalHistoryTimeline({ businessType, businessId }: { businessType: string; businessId: number }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ['approval', 'history', businessType, businessId],
    queryFn: () => getApprovalHistory({ businessType, businessId }),
  });
  if (history.isLoading) return <Spin />;
  const records = history.data?.records ?? [];
  if (!records.length) return <Empty description={t('approvals.noHistory')} data-testid="approval-history-empty" />;
  return (
    <Timeline
      data-testid="approval-history"
      items={records.map((r) => ({
        key: r.id,
        color: r.action === 'refuse' ? 'red' : r.action === 'approve' ? 'green' : 'blue',
        children: (
          <span data-testid="approval-history-line">
            {formatTime(r.at)} {t(`approvals.action_${r.action}`)} {r.realname ?? ''}
            {r.comment ? <Typography.Text type="secondary"> · {r.comment}</Typography.Text> : null}
          </span>
        ),
      }))}
    />
  );
}

function HistoryDialog({ row, onClose }: { row: ApprovalRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!row} title={`${t('approvals.history')} · ${row?.title ?? ''}`} onCancel={onClose} footer={null} destroyOnHidden>
      {row && <ApprovalHistoryTimeline businessType={row.businessType} businessId={row.businessId} />}
    </Modal>
  );
}

/**
 * "My approvals" (student center `approvals`, and the back office's to-do list): what waits on the
 * caller's decision, and what they submitted. Buttons follow the row's `abilities`. `businessType`
 * narrows both lists to one kind of record (e.g. the back office's `year-plan-approval`).
 */
export function ApprovalInbox({ businessType, testId = 'my-approvals-page' }: { businessType?: ApprovalListQuery['businessType']; testId?: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>('todo');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [viewing, setViewing] = useState<ApprovalRow | null>(null);
  const list = useQuery({
    queryKey: ['approval', tab, businessType, page],
    queryFn: () => (tab === 'todo' ? findMyTodo : findMySubmitted)({ page, size: SIZE, businessType }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['approval'] });
  const withdraw = useMutation({
    mutationFn: (id: number) => withdrawApproval({ id }),
    onSuccess: () => {
      message.success(t('approvals.done'));
      void refresh();
    },
  });

  const actions = (r: ApprovalRow) => [
    r.abilities.approve && (
      <Button key="approve" type="link" onClick={() => setDeciding({ row: r, decision: 'approve' })} data-testid="approval-approve">
        {t('approvals.approve')}
      </Button>
    ),
    r.abilities.refuse && (
      <Button key="refuse" type="link" danger onClick={() => setDeciding({ row: r, decision: 'refuse' })} data-testid="approval-refuse">
        {t('approvals.refuse')}
      </Button>
    ),
    r.abilities.withdraw && (
      <Popconfirm key="withdraw" title={t('approvals.withdrawConfirm')} onConfirm={() => withdraw.mutate(r.id)} okButtonProps={{ 'data-testid': 'approval-withdraw-ok' }}>
        <Button type="link" data-testid="approval-withdraw">
          {t('approvals.withdraw')}
        </Button>
      </Popconfirm>
    ),
    <Button key="history" type="link" onClick={() => setViewing(r)} data-testid="approval-history-open">
      {t('approvals.history')}
    </Button>,
  ];

  return (
    <Card
      data-testid={testId}
      title={
        <Segmented<Tab>
          value={tab}
          onChange={(v) => {
            setTab(v);
            setPage(1);
          }}
          options={[
            { value: 'todo', label: <span data-testid="approvals-tab-todo">{t('approvals.myTodo')}</span> },
            { value: 'submitted', label: <span data-testid="approvals-tab-submitted">{t('approvals.mySubmitted')}</span> },
          ]}
        />
      }
    >
      <List
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty description={t('approvals.empty')} /> }}
        renderItem={(r) => (
          <List.Item actions={actions(r)} data-testid="approval-row">
            <List.Item.Meta
              title={
                <Space>
                  <span data-testid="approval-row-title">{r.title}</span>
                  <LifecycleTag lifecycle={APPROVAL_LIFECYCLE} state={r.state} testId="approval-row-state" />
                </Space>
              }
              description={
                <Space direction="vertical" size={2}>
                  <span>
                    <BusinessType type={r.businessType} /> · {t('approvals.applicant')}: {r.applicantName} · {t('approvals.submittedAt')}: {formatTime(r.submittedAt)}
                  </span>
                  {r.waitingOn.length > 0 && (
                    <span>
                      {t('approvals.step')}: {t('approvals.stepOf', { n: r.stepIndex + 1, total: r.stepCount })} {r.stepName} · {t('approvals.waitingOn')}:{' '}
                      {r.waitingOn.map((w) => w.realname).join(', ')}
                    </span>
                  )}
                  {r.stalled && <Alert type="warning" showIcon message={t(`approvals.stalled_${r.stalled}`)} data-testid="approval-row-stalled" />}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {(list.data?.total ?? 0) > SIZE && <Pagination current={page} pageSize={SIZE} total={list.data?.total} onChange={setPage} style={{ marginTop: 16 }} />}
      <DecideDialog
        deciding={deciding}
        onClose={() => setDeciding(null)}
        onDone={() => {
          setDeciding(null);
          message.success(t('approvals.done'));
          void refresh();
        }}
      />
      <HistoryDialog row={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

export default function MyApprovalsPage() {
  return <ApprovalInbox />;
}
