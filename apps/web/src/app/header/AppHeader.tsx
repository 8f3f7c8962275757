import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LangSwitch } from '../../platform/components/LangSwitch';
import { HeaderSearch } from './HeaderSearch';
import { RoleSwitch } from './RoleSwitch';
import { SignInArea } from './SignInArea';
import { UserArea } from './UserArea';

/**
 * The header every signed-in area shares; `nav` holds the area's own menu, `menuButton` what
 * replaces it below 768 px (where the tools shrink to icons so the header fits 390 px).
 */
export function AppHeader({ nav, menuButton, home = '/portal' }: { nav?: ReactNode; menuButton?: ReactNode; home?: string }) {
  const { t } = useTranslation();
  return (
    <header className="hl-header" data-testid="app-header">
      {menuButton}
      <Link to={home} className="hl-brand" title={t('app.title')}>
        {t('app.title')}
      </Link>
      <div className="hl-nav">{nav}</div>
      <div className="hl-tools">
        <HeaderSearch />
        <SignInArea />
        <RoleSwitch />
        <LangSwitch dark />
        <UserArea />
      </div>
    </header>
  );
}
