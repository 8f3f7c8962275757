import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { modifyPassword } from './api';
import { confirmPasswordRules, newPasswordRules } from './password-rules';
import { useFeedback } from '../../platform/feedback';

export interface NewPasswordFieldsProps {
  /** Field of the new password (default `password`); its confirmation is `confirm`. */
  name?: string;
  /** Field of the old password the new one must differ from. */
  oldField?: string;
  /** Label key of the new password (default `password.new`). */
  labelKey?: string;
  /** Test ids of the new password and of its confirmation. */
  testIds: readonly [string, string];
}

/** A new password (the server's rules, with the hint) and its confirmation. */
export function NewPasswordFields({ name = 'password', oldField, labelKey = 'password.new', testIds }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={t(labelKey)} rules={newPasswordRules(t, oldField)} extra={t('password.hint')}>
        <Input.Password data-testid={testIds[0]} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('password.confirm')} dependencies={[name]} rules={confirmPasswordRules(t, name)}>
        <Input.Password data-testid={testIds[1]} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Old, new and confirm password; both sent RSA-encrypted. Used at first login and in the person center. */
export function PasswordChangeForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await modifyPassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      message.success(t('password.changed'));
      form.resetFields();
      onDone?.();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="password-form" style={{ maxWidth: 400 }}>
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password data-testid="pwd-old" autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields name="newPassword" oldField="oldPassword" testIds={['pwd-new', 'pwd-confirm']} />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="pwd-submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}
