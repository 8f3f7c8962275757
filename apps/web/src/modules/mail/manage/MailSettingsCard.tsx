import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MailSettingsSaveSchema, required, type MailSettingsView } from '@hanlin/shared';
import type { FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { SettingsFormCard } from '../../../platform/components/SettingsFormCard';
import { getMailSettings, saveMailSettings } from '../api';
import { useFeedback } from '../../../platform/feedback';

const fields: FieldSpec[] = [
  { name: 'enabled', labelKey: 'mail.settings.enabled', control: <Switch data-testid="mail-enabled" /> },
  { name: 'host', labelKey: 'mail.settings.host', testId: 'mail-host', placeholderKey: 'mail.settings.hostPlaceholder' },
  { name: 'port', labelKey: 'mail.settings.port', kind: 'number', testId: 'mail-port' },
  { name: 'secure', labelKey: 'mail.settings.secure', control: <Switch data-testid="mail-secure" />, extraKey: 'mail.settings.secureHint' },
  { name: 'user', labelKey: 'mail.settings.user', testId: 'mail-user' },
  { name: 'password', labelKey: 'mail.settings.password', kind: 'password', testId: 'mail-password', extraKey: 'mail.settings.passwordHint' },
  { name: 'from', labelKey: 'mail.settings.from', testId: 'mail-from', placeholderKey: 'mail.settings.fromPlaceholder' },
];

const QUERY_KEY = ['mail', 'settings'] as const;

/** The server takes an empty host and sender (mail not set up yet): the form may leave them empty. */
const MailFormSchema = MailSettingsSaveSchema.extend({
  host: MailSettingsSaveSchema.shape.host.optional(),
  from: MailSettingsSaveSchema.shape.from.optional(),
});
const toBody = (v: Record<string, unknown>) => ({ ...v, host: v.host ?? '', from: v.from ?? '' });

/** The password is never shown: the form starts empty and an empty password keeps the stored one. */
function toValues(v: MailSettingsView): Record<string, unknown> {
  const { passwordSet: _set, ...rest } = v;
  return { ...rest, password: undefined };
}

function PasswordState({ view }: { view: MailSettingsView | undefined }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const canModify = useCan('cspz:modify');
  const clear = useMutation({
    mutationFn: () => {
      const { passwordSet: _set, ...rest } = required(view, 'the mail settings shown');
      return saveMailSettings({ ...rest, password: '' });
    },
    onSuccess: async (data) => {
      message.success(t('common.saved'));
      qc.setQueryData(QUERY_KEY, data);
    },
  });
  if (!view) return null;
  return (
    <Space style={{ marginBottom: 16 }} wrap>
      <Tag color={view.enabled ? 'green' : 'default'} data-testid="mail-state">
        {t(view.enabled ? 'mail.settings.stateEnabled' : 'mail.settings.stateDisabled')}
      </Tag>
      <Tag color={view.passwordSet ? 'blue' : 'default'} data-testid="mail-password-state">
        {t(view.passwordSet ? 'mail.settings.passwordSet' : 'mail.settings.passwordNotSet')}
      </Tag>
      {view.passwordSet && canModify ? (
        <Popconfirm
          title={t('mail.settings.clearPasswordConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'mail-clear-password-ok' }}
          onConfirm={() => clear.mutateAsync().catch(() => undefined)}
        >
          <Button size="small" danger loading={clear.isPending} data-testid="mail-clear-password">
            {t('mail.settings.clearPassword')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}

/** SMTP settings (on the parameter page): read with `yjrz`/`cspz`, saved with `cspz:modify`. */
export function MailSettingsCard() {
  const { t } = useTranslation();
  return (
    <SettingsFormCard<MailSettingsView>
      testId="mail-settings"
      title={t('mail.settings.title')}
      queryKey={QUERY_KEY}
      load={getMailSettings}
      save={(b) => saveMailSettings(MailSettingsSaveSchema.parse(b))}
      schema={MailFormSchema}
      fields={fields}
      toBody={toBody}
      toValues={toValues}
      modifyCode="cspz:modify"
      header={(v) => <PasswordState view={v} />}
    />
  );
}
