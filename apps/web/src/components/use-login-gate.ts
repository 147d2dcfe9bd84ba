import { Dialog } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from '@/lib/i18n';

import { paths } from '../config/paths';
import { useSessionStore } from '../lib/session-store';

/**
 * Login-gated actions (decision D10): a logged-in user goes ahead; a visitor gets the tip
 * dialog "You need to log in first to use this feature" with Cancel / Login.
 */
export function useLoginGate(): (action: () => void) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (action: () => void) => {
      if (useSessionStore.getState().user) {
        action();
        return;
      }
      Dialog.show({
        title: t('common.tip'),
        content: t('auth.loginRequired'),
        closeOnAction: true,
        actions: [
          [
            { key: 'cancel', text: t('common.cancel') },
            {
              key: 'login',
              text: t('common.login'),
              bold: true,
              onClick: () => void navigate({ to: paths.loginRegister }),
            },
          ],
        ],
      });
    },
    [navigate, t],
  );
}
