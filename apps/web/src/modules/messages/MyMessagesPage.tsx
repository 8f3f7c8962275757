import { useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Checkbox, DatePicker, Empty, List, Modal, Pagination, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MESSAGE_KINDS, MESSAGE_MUTABLE_KINDS, type MessageKind, type MessageListQuery, isOneOf } from '@hanlin/shared';
import { asButton } from '../../platform/dom';
import { formatTime } from '../../platform/format';
import { deleteMessages, findMyMessages, getMessageConfig, readAllMessages, readMessages, saveMessageConfig } from './api';
import MessageDialog from './components/MessageDialog';
import { messageText } from './message-text';
import { useFeedback } from '../../platform/feedback';

const SIZE = 10;
type ReadFilter = 'all' | 'unread' | 'read';

/** Message config: the kinds to receive; account and system messages always arrive. */
function MessageConfigDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const config = useQuery({ queryKey: ['message', 'config'], queryFn: getMessageConfig, enabled: open });
  const [received, setReceived] = useState<MessageKind[] | null>(null);
  const shown = received ?? MESSAGE_KINDS.filter((k) => !isOneOf(config.data?.muted ?? [], k));
  const save = useMutation({
    mutationFn: () => saveMessageConfig({ muted: MESSAGE_MUTABLE_KINDS.filter((k) => !shown.includes(k)) }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setReceived(null);
      void config.refetch();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('message.config')}
      onCancel={() => {
        setReceived(null);
        onClose();
      }}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'message-config-save' }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <Typography.Paragraph type="secondary">{t('message.configHint')}</Typography.Paragraph>
      <Checkbox.Group value={shown} onChange={(v) => setReceived(v)} style={{ display: 'grid', gap: 8 }}>
        {MESSAGE_KINDS.map((k) => (
          <Checkbox key={k} value={k} disabled={!isOneOf(MESSAGE_MUTABLE_KINDS, k)} data-testid={`message-config-${k}`}>
            {t(`message.kind.${k}`)}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Modal>
  );
}

/**
 * "My messages" of the student center and the back office: filters (read state, kind, date),
 * open one, mark read, mark all read, delete, and the message config. A list that fits a phone.
 */
export default function MyMessagesPage() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [readFilter, setReadFilter] = useState<ReadFilter>('all');
  const [kind, setKind] = useState<MessageKind | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [reading, setReading] = useState<number | null>(null);
  const [configOpen, setConfigOpen] = useState(false);

  const query: Partial<MessageListQuery> = {
    page,
    size: SIZE,
    read: readFilter === 'all' ? undefined : readFilter === 'read',
    kind,
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.endOf('day').toISOString(),
  };
  const list = useQuery({ queryKey: ['message', 'my', query], queryFn: () => findMyMessages(query), placeholderData: keepPreviousData });
  const records = list.data?.records ?? [];
  const refresh = () => {
    setSelected([]);
    return qc.invalidateQueries({ queryKey: ['message'] });
  };
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected([]);
    };
  const markRead = useMutation({ mutationFn: () => readMessages({ ids: selected }), onSuccess: refresh });
  const readAll = useMutation({ mutationFn: readAllMessages, onSuccess: refresh });
  const remove = () =>
    modal.confirm({
      title: t('message.deleteConfirm', { count: selected.length }),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'message-delete-ok' },
      onOk: async () => {
        await deleteMessages({ ids: selected });
        await refresh();
      },
    });

  const pageIds = records.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  return (
    <Card title={t('message.mine')} data-testid="my-messages-page" styles={{ body: { padding: 12 } }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<ReadFilter>
          value={readFilter}
          onChange={filtered(setReadFilter)}
          style={{ width: 120 }}
          data-testid="message-filter-read"
          options={(['all', 'unread', 'read'] as const).map((v) => ({ value: v, label: t(`message.filter.${v}`) }))}
        />
        <Select<MessageKind>
          allowClear
          value={kind}
          placeholder={t('message.kindLabel')}
          onChange={filtered(setKind)}
          style={{ width: 140 }}
          data-testid="message-filter-kind"
          options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`message.kind.${k}`) }))}
        />
        <DatePicker.RangePicker value={range} onChange={filtered(setRange)} style={{ maxWidth: '100%' }} data-testid="message-filter-date" />
      </Space>
      <Space wrap style={{ marginBottom: 8 }}>
        <Checkbox
          checked={allOnPage}
          indeterminate={!allOnPage && selected.some((id) => pageIds.includes(id))}
          onChange={(e) => setSelected(e.target.checked ? [...new Set([...selected, ...pageIds])] : selected.filter((id) => !pageIds.includes(id)))}
          data-testid="message-select-page"
        >
          {t('message.selectPage')}
        </Checkbox>
        <Button size="small" disabled={!selected.length} loading={markRead.isPending} onClick={() => markRead.mutate()} data-testid="message-mark-read">
          {t('message.markRead')}
        </Button>
        <Button size="small" danger disabled={!selected.length} onClick={remove} data-testid="message-delete">
          {t('common.delete')}
        </Button>
        <Button size="small" loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="message-page-read-all">
          {t('message.readAll')}
        </Button>
        <Button size="small" icon={<SettingOutlined />} onClick={() => setConfigOpen(true)} data-testid="message-config">
          {t('message.config')}
        </Button>
      </Space>
      {records.length ? (
        <List
          loading={list.isFetching}
          dataSource={records}
          rowKey="id"
          renderItem={(m) => {
            const text = messageText(t, m);
            return (
              <List.Item data-testid="message-item" data-read={m.read} style={{ gap: 8, alignItems: 'flex-start' }}>
                <Checkbox
                  checked={selected.includes(m.id)}
                  onChange={(e) => setSelected(e.target.checked ? [...selected, m.id] : selected.filter((id) => id !== m.id))}
                  aria-label={text.title}
                />
                <div style={{ flex: 1, minWidth: 0, cursor: 'pointer' }} {...asButton(() => setReading(m.id))} data-testid="message-open">
                  <Typography.Text strong={!m.read} ellipsis style={{ maxWidth: '100%' }}>
                    {m.read ? null : <Badge status="processing" />} {text.title}
                  </Typography.Text>
                  <Typography.Paragraph type="secondary" ellipsis style={{ margin: 0 }}>
                    {text.content}
                  </Typography.Paragraph>
                  <Space size={6} wrap>
                    <Tag>{t(`message.kind.${m.kind}`, { defaultValue: m.kind })}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatTime(m.createdAt)}
                    </Typography.Text>
                  </Space>
                </div>
              </List.Item>
            );
          }}
        />
      ) : (
        <Empty description={t('message.none')} />
      )}
      {(list.data?.total ?? 0) > SIZE ? (
        <Pagination style={{ marginTop: 12, textAlign: 'right' }} size="small" current={page} pageSize={SIZE} total={list.data?.total} onChange={setPage} />
      ) : null}
      <MessageDialog id={reading} onClose={() => setReading(null)} />
      <MessageConfigDialog open={configOpen} onClose={() => setConfigOpen(false)} />
    </Card>
  );
}
