import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from './LangSwitch';

/** Frame of the public pages: brand, language switch, one card. */
export function PublicShell({ children, width = 420, titleKey }: { children: ReactNode; width?: number; titleKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="hl-public">
      <div className="hl-lang">
        <LangSwitch dark />
      </div>
      <h1 style={{ color: '#fff', fontWeight: 600, marginBottom: 24 }}>{t('app.title')}</h1>
      <Card style={{ width: '100%', maxWidth: width }} title={titleKey ? t(titleKey) : undefined}>
        {children}
      </Card>
    </div>
  );
}
