import { LoginRequired } from '@/components/LoginRequired';
import { ChangePasswordForm } from '@/features/auth/components/ChangePasswordForm';
import { useIsLoggedIn } from '@/lib/session-store';

/** Change password (login-gated, decision D10). */
export default function UpdatePasswordPage() {
  const loggedIn = useIsLoggedIn();
  return <div data-testid="page-updatePassword">{loggedIn ? <ChangePasswordForm /> : <LoginRequired />}</div>;
}
