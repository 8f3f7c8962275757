import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../platform/session';
import { PasswordChangeForm } from './PasswordChangeForm';

/** First login: the password must change before anything else opens. */
export function ForcePasswordChange({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal
      open
      closable={false}
      maskClosable={false}
      keyboard={false}
      title={t('password.firstLoginTitle')}
      footer={
        <Button
          data-testid="first-login-leave"
          onClick={() => {
            session.clear();
            void navigate('/');
          }}
        >
          {t('auth.backToLogin')}
        </Button>
      }
    >
      <div data-testid="first-login-modal">
        <Alert type="warning" showIcon title={t('error.FIRST_LOGIN_CHANGE_PASSWORD')} style={{ marginBottom: 16 }} />
        <PasswordChangeForm onDone={onDone} />
      </div>
    </Modal>
  );
}
