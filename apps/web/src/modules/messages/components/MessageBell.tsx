import { lazy, Suspense, useEffect, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../../platform/session';
import { getUnreadCount } from '../api';

// The panel and the dialog load when first opened: the header every page carries stays light.
const MessagePanel = lazy(() => import('./MessagePanel'));
const MessageDialog = lazy(() => import('./MessageDialog'));

/** The header bell: the unread count, and on click a panel of the latest messages. */
export function MessageBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<number | null>(null);
  const unread = useSession((s) => s.unreadCount);

  const unreadQuery = useQuery({ queryKey: ['message', 'unread'], queryFn: getUnreadCount, refetchInterval: 60_000 });
  useEffect(() => {
    if (typeof unreadQuery.data === 'number') session.set({ unreadCount: unreadQuery.data });
  }, [unreadQuery.data]);

  return (
    <>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        placement="bottomRight"
        popupRender={() => (
          <div className="hl-message-popup">
            <Suspense fallback={<Spin size="small" />}>
              <MessagePanel
                onOpen={(id) => {
                  setOpen(false);
                  setReading(id);
                }}
                onClose={() => setOpen(false)}
              />
            </Suspense>
          </div>
        )}
      >
        <Button
          type="text"
          size="small"
          // The name holds the count the badge shows (axe: label-content-name-mismatch).
          aria-label={unread ? `${t('header.unread')} ${unread > 99 ? '99+' : unread}` : t('header.unread')}
          data-testid="message-bell"
          style={{ color: '#fff' }}
        >
          <Badge count={unread} size="small" data-testid="unread-badge">
            <BellOutlined style={{ color: '#fff', fontSize: 18 }} />
          </Badge>
        </Button>
      </Dropdown>
      {reading !== null ? (
        <Suspense fallback={null}>
          <MessageDialog id={reading} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
