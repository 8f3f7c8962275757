import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { modifyPassword } from './api';
import { NewPasswordFields } from './NewPasswordFields';
import { useFeedback } from '../../platform/feedback';

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
