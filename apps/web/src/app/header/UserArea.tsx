import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown } from 'antd';
import { CONSTANTS } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../platform/api/client';
import { session, useSession } from '../../platform/session';
import { logout } from '../../modules/auth/api';
import { useFeedback } from '../../platform/feedback';
import { MessageBell } from '../../modules/messages/components/MessageBell';

/** The user name as the header shows it: at most 10 characters. */
export function shortName(name: string): string {
  const chars = Array.from(name);
  return chars.length > CONSTANTS.HEADER_NAME_CHARS ? `${chars.slice(0, CONSTANTS.HEADER_NAME_CHARS).join('')}…` : name;
}

export function UserArea() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);

  if (!user) return null;
  const name = user.realname || user.username;

  const confirmLogout = () =>
    modal.confirm({
      title: t('auth.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' },
      cancelButtonProps: { 'data-testid': 'logout-cancel' },
      onOk: async () => {
        try {
          await logout({ id: user.id });
          message.success(t('auth.logoutSuccess'));
          void navigate('/');
          setTimeout(() => {
            session.clear();
            qc.clear();
          }, CONSTANTS.LOGOUT_CLEANUP_MS);
        } catch (e) {
          const detail = e instanceof ApiError ? e.text : t('error.SERVER_ERROR');
          message.error(`${t('auth.logoutFailed')} ${detail}`);
        }
      },
    });

  return (
    <>
      <MessageBell />
      <Dropdown
        menu={{
          items: [
            { key: 'center', icon: <UserOutlined />, label: <span data-testid="menu-person-center">{t('header.personCenter')}</span> },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('auth.logout')}</span> },
          ],
          onClick: ({ key }) => (key === 'center' ? void navigate('/center/person-center') : confirmLogout()),
        }}
      >
        <span className="hl-user" data-testid="header-user" style={{ cursor: 'pointer' }}>
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} data-testid="header-avatar" />{' '}
          <span className="hl-username" data-testid="header-username" title={name}>
            {shortName(name)}
          </span>
        </span>
      </Dropdown>
      <Button type="text" size="small" icon={<LogoutOutlined />} style={{ color: '#fff' }} data-testid="logout-button" onClick={confirmLogout}>
        {t('auth.logout')}
      </Button>
    </>
  );
}
