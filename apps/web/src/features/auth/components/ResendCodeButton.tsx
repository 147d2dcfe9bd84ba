import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { useSecondsUntil } from '../use-seconds-until';

export interface ResendCodeButtonProps {
  /** When a new code may be asked for (ms since the epoch). */
  resendAt: number | null;
  onResend: () => Promise<void>;
}

/** "Resend code", disabled and counting down the server's `resend_after` seconds until it may be used. */
export function ResendCodeButton({ resendAt, onResend }: ResendCodeButtonProps) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(resendAt);
  const [sending, setSending] = useState(false);
  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      disabled={seconds > 0}
      loading={sending}
      onClick={() => {
        setSending(true);
        void onResend().finally(() => setSending(false));
      }}
      data-testid="resend-code"
    >
      {seconds > 0 ? t('login.resendIn', { seconds }) : t('login.resend')}
    </Button>
  );
}
