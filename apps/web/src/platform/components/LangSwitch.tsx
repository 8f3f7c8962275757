import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { LANGS, isOneOf } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from '../i18n';

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
        onClick: ({ key }) => void (isOneOf(LANGS, key) && setLang(key)),
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
