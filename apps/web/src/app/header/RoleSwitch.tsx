import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../platform/session';
import { ENTRY_HOME, entriesFor, entryOfPath } from './entries';

/**
 * Switches between the ends (admin, student, lecturer, class teacher) the user's codes allow.
 * A Dropdown menu rather than a Select, which only the portal would download (see HeaderSearch).
 */
export function RoleSwitch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const granted = useSession((s) => s.operateAuth);
  const entries = entriesFor(granted);
  if (entries.length < 2) return null;
  const current = entryOfPath(pathname);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: current ? [current] : [],
        items: entries.map((e) => ({ key: e, label: <span data-testid={`role-option-${e}`}>{t(`entry.${e}`)}</span> })),
        onClick: ({ key }) => {
          const entry = entries.find((e) => e === key);
          if (entry && entry !== current) void navigate(ENTRY_HOME[entry]);
        },
      }}
    >
      <Button data-testid="role-switch" size="small" style={{ width: 130, display: 'flex', justifyContent: 'space-between' }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{current ? t(`entry.${current}`) : t('header.switchRole')}</span>
        <DownOutlined style={{ fontSize: 10, color: 'rgba(0, 0, 0, 0.25)' }} />
      </Button>
    </Dropdown>
  );
}
