import { Button } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { paths } from '../config/paths';
import { EmptyState } from './EmptyState';

/** The body of a gated page opened directly by a visitor. */
export function LoginRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      testId="login-required"
      title={t('auth.loginRequired')}
      action={
        <Button color="primary" onClick={() => void navigate({ to: paths.loginRegister })}>
          {t('common.login')}
        </Button>
      }
    />
  );
}
