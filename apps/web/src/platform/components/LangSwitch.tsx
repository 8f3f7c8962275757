import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { LANGS, isOneOf, profileRoutes, type Lang } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from '../i18n';
import { session } from '../session';
import { call } from '../api/call';

/** Switches the interface; a signed-in user's choice is also the server's, so their mails come in it. */
async function switchTo(lang: Lang): Promise<void> {
  await setLang(lang);
  // (a failure costs only the mail's language: the page has switched, and the next login tells it again)
  if (session.isSignedIn()) await call(profileRoutes.language, { language: lang }, { silent: true }).catch(() => undefined);
}

export function LangSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{t(`lang.${l}`)}</span> })),
        onClick: ({ key }) => void (isOneOf(LANGS, key) && switchTo(key)),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        data-testid="lang-switch"
        className="hl-lang-switch"
        title={t(`lang.${lang}`)}
        style={dark ? { color: '#fff' } : undefined}
      >
        {t(`lang.${lang}`)}
      </Button>
    </Dropdown>
  );
}
