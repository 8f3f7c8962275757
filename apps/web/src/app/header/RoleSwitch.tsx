import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../platform/session';
import { ENTRY_HOME, entriesFor, entryOfPath, type EntryKey } from './entries';

/** Switches between the ends (admin, student, lecturer, class teacher) the user's codes allow. */
export function RoleSwitch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const granted = useSession((s) => s.operateAuth);
  const entries = entriesFor(granted);
  if (entries.length < 2) return null;
  return (
    <Select<EntryKey>
      data-testid="role-switch"
      size="small"
      style={{ width: 130 }}
      value={entryOfPath(pathname)}
      placeholder={t('header.switchRole')}
      onChange={(e) => void navigate(ENTRY_HOME[e])}
      options={entries.map((e) => ({ value: e, label: <span data-testid={`role-option-${e}`}>{t(`entry.${e}`)}</span> }))}
    />
  );
}
