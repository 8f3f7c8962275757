import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LangSwitch } from '../../platform/components/LangSwitch';
import { HeaderSearch } from './HeaderSearch';
import { RoleSwitch } from './RoleSwitch';
import { UserArea } from './UserArea';

/** The header every signed-in area shares; `nav` holds the area's own menu. */
export function AppHeader({ nav, home = '/portal' }: { nav?: ReactNode; home?: string }) {
  const { t } = useTranslation();
  return (
    <header className="hl-header" data-testid="app-header">
      <Link to={home} className="hl-brand">
        {t('app.title')}
      </Link>
      <div className="hl-nav">{nav}</div>
      <div className="hl-tools">
        <HeaderSearch />
        <RoleSwitch />
        <LangSwitch dark />
        <UserArea />
      </div>
    </header>
  );
}
