import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown } from 'antd';
import { CONSTANTS } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../platform/api/client';
import { session, useSession } from '../../platform/session';
import { builtinText } from '../../platform/builtin';
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
  const name = builtinText(t, user.realname) || user.username;

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
        trigger={['hover', 'click']}
        menu={{
          items: [
            { key: 'center', icon: <UserOutlined />, label: <span data-testid="menu-person-center">{t('header.personCenter')}</span> },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('auth.logout')}</span> },
          ],
          onClick: ({ key }) => (key === 'center' ? void navigate('/center/person-center') : confirmLogout()),
        }}
      >
        {/* A button: reached with Tab, opened with Enter or Space (the menu's items then take the arrow keys). */}
        <button type="button" className="hl-user hl-bare-button" data-testid="header-user" aria-haspopup="menu" aria-label={t('header.userMenu', { name })}>
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} data-testid="header-avatar" />{' '}
          <span className="hl-username" data-testid="header-username" title={name}>
            {shortName(name)}
          </span>
        </button>
      </Dropdown>
      <Button type="text" size="small" icon={<LogoutOutlined />} style={{ color: '#fff' }} data-testid="logout-button" onClick={confirmLogout}>
        {t('auth.logout')}
      </Button>
    </>
  );
}
