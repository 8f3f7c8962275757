import { PasswordChangeForm } from '../auth/PasswordChangeForm';

export default function PasswordSetPage() {
  return <PasswordChangeForm />;
}
