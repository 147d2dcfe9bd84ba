import { LoginRegisterForm } from '../../../features/auth/components/LoginRegisterForm';

/** Login / register (spec §4 steps: login, register, forgot password, email code). */
export default function LoginRegisterPage() {
  return (
    <div data-testid="page-loginRegister">
      <LoginRegisterForm />
    </div>
  );
}
