import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginSettingsSaveSchema, type LoginSettingsView } from '@hanlin/shared';
import type { FieldSpec } from '../../../platform/kernel';
import { getLoginSettings, saveLoginSettings } from '../api';
import { SettingsFormCard } from '../../../platform/components/SettingsFormCard';

const fields: FieldSpec[] = [
  {
    name: 'maxWrongPasswords',
    labelKey: 'settings.login.maxWrongPasswords',
    kind: 'number',
    testId: 'settings-maxWrongPasswords',
    extraKey: 'settings.login.maxWrongPasswordsHint',
  },
  { name: 'captchaEnabled', labelKey: 'settings.login.captchaEnabled', control: <Switch data-testid="settings-captchaEnabled" /> },
  {
    name: 'captchaAfterFailures',
    labelKey: 'settings.login.captchaAfterFailures',
    kind: 'number',
    testId: 'settings-captchaAfterFailures',
    extraKey: 'settings.login.captchaAfterFailuresHint',
  },
  { name: 'singleSignOn', labelKey: 'settings.login.singleSignOn', control: <Switch data-testid="settings-singleSignOn" />, extraKey: 'settings.login.singleSignOnHint' },
  {
    name: 'firstLoginChange',
    labelKey: 'settings.login.firstLoginChange',
    control: <Switch data-testid="settings-firstLoginChange" />,
    extraKey: 'settings.login.firstLoginChangeHint',
  },
  { name: 'tokenIdleHours', labelKey: 'settings.login.tokenIdleHours', kind: 'number', testId: 'settings-tokenIdleHours', extraKey: 'settings.login.tokenIdleHoursHint' },
  { name: 'lockMinutes', labelKey: 'settings.login.lockMinutes', kind: 'number', testId: 'settings-lockMinutes', extraKey: 'settings.login.lockMinutesHint' },
];

/** Login settings (`set-login`, code dlsz). */
export default function LoginSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsFormCard<LoginSettingsView>
      testId="settings-login-page"
      title={t('perm.dlsz')}
      queryKey={['settings', 'login']}
      load={getLoginSettings}
      save={(b) => saveLoginSettings(LoginSettingsSaveSchema.parse(b))}
      schema={LoginSettingsSaveSchema}
      fields={fields}
      modifyCode="dlsz:modify"
    />
  );
}
