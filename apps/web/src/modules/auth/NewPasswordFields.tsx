import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from './password-rules';

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
