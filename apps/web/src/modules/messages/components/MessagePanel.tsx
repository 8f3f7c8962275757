import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { asButton } from '../../../platform/dom';
import { formatTime } from '../../../platform/format';
import { useSession } from '../../../platform/session';
import { findMyMessages, readAllMessages } from '../api';
import { messagesPagePath, messageText } from '../message-text';

const LATEST = 5;

/** The bell's panel (loaded on first open): latest messages, unread count, mark all read, see all. */
export default function MessagePanel({ onOpen, onClose }: { onOpen: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const unread = useSession((s) => s.unreadCount);
  const latest = useQuery({ queryKey: ['message', 'latest'], queryFn: () => findMyMessages({ page: 1, size: LATEST }) });
  const readAll = useMutation({ mutationFn: readAllMessages, onSuccess: () => qc.invalidateQueries({ queryKey: ['message'] }) });
  return (
    <div className="hl-message-panel" data-testid="message-panel">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{t('message.unreadCount', { count: unread })}</Typography.Text>
        <Button size="small" type="link" disabled={!unread} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="message-read-all">
          {t('message.readAll')}
        </Button>
      </Space>
      {latest.data?.records.length ? (
        <List
          size="small"
          dataSource={latest.data.records}
          rowKey="id"
          renderItem={(m) => (
            <List.Item data-testid="message-panel-item" data-read={m.read} style={{ cursor: 'pointer', paddingInline: 0 }}>
              <Space direction="vertical" size={0} style={{ minWidth: 0, width: '100%' }} {...asButton(() => onOpen(m.id))}>
                <Typography.Text strong={!m.read} ellipsis style={{ maxWidth: '100%' }}>
                  {m.read ? null : <Badge status="processing" />} {messageText(t, m).title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatTime(m.createdAt)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={latest.isLoading ? ' ' : t('message.none')} />
      )}
      <div style={{ textAlign: 'center', marginTop: 8 }}>
        <Link to={messagesPagePath(pathname)} onClick={onClose} data-testid="message-see-all">
          {t('message.seeAll')}
        </Link>
      </div>
    </div>
  );
}
