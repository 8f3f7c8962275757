import { useMemo, useState } from 'react';
import { Button, Descriptions, Modal, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAIL_LOG_COLORS, MAIL_LOG_SORT_KEYS, MAIL_LOG_STATUSES, type MailLogManageRow } from '@hanlin/shared';
import { booleanFilter, enumFilter, sortableIn, timeColumn, CrudPage, type ColumnSpec, type ExtraBatch, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { findMailLogs, markMailsRead, resendMails } from '../api';
import { useFeedback } from '../../../platform/feedback';

const sortable = sortableIn(MAIL_LOG_SORT_KEYS);

function StatusTag({ r }: { r: MailLogManageRow }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={MAIL_LOG_COLORS[r.status]} data-testid={`mail-status-${r.status}`}>
      {t(`mail.status_${r.status}`)}
    </Tag>
  );
  return r.error ? <Tooltip title={r.error}>{tag}</Tooltip> : tag;
}

function ReadTag({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return <Tag color={read ? 'default' : 'blue'}>{t(read ? 'mail.read' : 'mail.unread')}</Tag>;
}

const columns: ColumnSpec<MailLogManageRow>[] = [
  { key: 'id', titleKey: 'mail.id', sortable: sortable('id'), width: 80 },
  { key: 'toAddress', titleKey: 'mail.toAddress' },
  { key: 'subject', titleKey: 'mail.subject', render: (r) => <span data-testid="mail-row-subject">{r.subject}</span> },
  { key: 'status', titleKey: 'common.status', render: (r) => <StatusTag r={r} /> },
  { key: 'read', titleKey: 'mail.readState', render: (r) => <ReadTag read={r.read} /> },
  { key: 'attempts', titleKey: 'mail.attempts' },
  timeColumn('createdAt', 'common.createdAt', sortable),
  timeColumn('sentAt', 'mail.sentAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'mail.keyword', testId: 'mail-filter-keyword' },
  enumFilter('status', 'common.status', MAIL_LOG_STATUSES, 'mail.status_', { testId: 'mail-filter-status' }),
  booleanFilter('read', 'mail.readState', { false: 'mail.unread', true: 'mail.read' }, { testId: 'mail-filter-read' }),
];

/**
 * Mail log (`manage-logMail-report`, code yjrz): resend failed mails (`yjrz:batch`, a result
 * summary follows) and mark unread ones read, in batch or per row; view a mail's body.
 */
export default function MailLogPage() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const [viewing, setViewing] = useState<MailLogManageRow | null>(null);

  const extraBatch = useMemo<ExtraBatch<MailLogManageRow>[]>(
    () => [
      {
        key: 'resend',
        labelKey: 'mail.resend',
        perm: 'yjrz:batch',
        // The server's verdict: failed mails only, with yjrz:batch.
        row: (r) => r.abilities.resend,
        run: async (ids) => {
          const r = await resendMails({ ids });
          const show = r.failed ? modal.warning : modal.success;
          show({
            title: t('mail.resendResult'),
            content: <span data-testid="mail-resend-result">{t('mail.resendCounts', { sent: r.sent, failed: r.failed })}</span>,
            okText: t('common.confirm'),
          });
          return r;
        },
      },
      { key: 'markRead', labelKey: 'mail.markRead', perm: 'yjrz', row: (r) => !r.read, run: (ids) => markMailsRead({ ids }) },
    ],
    [modal, t],
  );

  return (
    <>
      <CrudPage<MailLogManageRow>
        testId="mail-page"
        titleKey="perm.yjrz"
        queryKey="mail-log"
        fetch={(p) => findMailLogs(p)}
        columns={columns}
        filters={filters}
        extraBatch={extraBatch}
        extraRowActions={(r) => (
          <Button type="link" size="small" data-testid="mail-row-view" onClick={() => setViewing(r)}>
            {t('mail.view')}
          </Button>
        )}
      />
      <Modal open={!!viewing} title={viewing?.subject} footer={null} width={720} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing ? (
          <>
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'to', label: t('mail.toAddress'), children: viewing.toAddress },
                { key: 'status', label: t('common.status'), children: <StatusTag r={viewing} /> },
                { key: 'createdAt', label: t('common.createdAt'), children: formatTime(viewing.createdAt) },
                { key: 'sentAt', label: t('mail.sentAt'), children: formatTime(viewing.sentAt) },
                ...(viewing.error ? [{ key: 'error', label: t('mail.error'), span: 2, children: viewing.error }] : []),
              ]}
            />
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="mail-body">
              {viewing.body}
            </Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </>
  );
}
