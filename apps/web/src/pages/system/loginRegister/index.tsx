import { useCallback, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { usePageTitle } from '@/lib/page-title';
import type { AuthStep, CodePurpose } from '@/features/auth/auth-machine';
import { LoginRegisterForm } from '@/features/auth/components/LoginRegisterForm';
import './login-register.css';

/**
 * Login / register (steps: login, register, forgot password, email code); the header says Register while
 * registering.
 */
export default function LoginRegisterPage() {
  const { t } = useTranslation();
  const [registering, setRegistering] = useState(false);
  const onStepChange = useCallback(
    (step: AuthStep, purpose: CodePurpose | null) =>
      setRegistering(step === 'register' || (step === 'emailCode' && purpose === 'register')),
    [],
  );
  usePageTitle(registering ? t('title.register') : null);
  return (
    <div data-testid="page-loginRegister">
      <LoginRegisterForm onStepChange={onStepChange} />
    </div>
  );
}
