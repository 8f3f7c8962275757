import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { modifyPassword } from './api';
import { PasswordChangeFormSchema } from './password-schemas';
import { useSchemaForm } from '../../platform/forms/useSchemaForm';
import { useFeedback } from '../../platform/feedback';

/** The Form.Item props of a schema field (`useSchemaForm`'s `item`). */
interface ItemProps {
  name: string;
  required: boolean;
  rules: Rule[];
}

export interface NewPasswordFieldsProps {
  /** The new password's field and its confirmation's, from the form's schema (`f.item(...)`). */
  password: ItemProps;
  confirm: ItemProps;
  /** Label key of the new password (default `password.new`). */
  labelKey?: string;
  /** Test ids of the new password and of its confirmation. */
  testIds: readonly [string, string];
}

/** A new password (the shared rule, with the hint) and its confirmation, re-checked when the password changes. */
export function NewPasswordFields({ password, confirm, labelKey = 'password.new', testIds }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item {...password} label={t(labelKey)} extra={t('password.hint')}>
        <Input.Password data-testid={testIds[0]} autoComplete="new-password" />
      </Form.Item>
      <Form.Item {...confirm} label={t('password.confirm')} dependencies={[password.name]}>
        <Input.Password data-testid={testIds[1]} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** Old, new and confirm password by `PasswordChangeFormSchema`; both sent RSA-encrypted. Used at first login and in the person center. */
export function PasswordChangeForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const f = useSchemaForm(PasswordChangeFormSchema);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await f.read();
    if (!v) return;
    setBusy(true);
    try {
      await modifyPassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      message.success(t('password.changed'));
      f.form.resetFields();
      onDone?.();
    } catch (e) {
      // A refusal naming a field (a wrong old password, a new one like the old) lands on it; others go to the message bar.
      f.showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={f.form} layout="vertical" onFinish={() => void submit()} data-testid="password-form" style={{ maxWidth: 400 }}>
      <Form.Item {...f.item('oldPassword')} label={t('password.old')}>
        <Input.Password data-testid="pwd-old" autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields password={f.item('newPassword')} confirm={f.item('confirm')} testIds={['pwd-new', 'pwd-confirm']} />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="pwd-submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}
