import { PasswordChangeForm } from '../auth/index';

export default function PasswordSetPage() {
  return <PasswordChangeForm />;
}
