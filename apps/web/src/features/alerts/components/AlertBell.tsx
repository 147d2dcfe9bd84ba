import { useNavigate } from '@tanstack/react-router';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';

import { useLoginGate } from '@/components/use-login-gate';
import { paths } from '@/config/paths';
import { useAlertList } from '../api/alert-queries';
import './alerts.css';

/**
 * The coin page's bell: opens the alert form for the coin; a visitor gets the login tip (decision D10). It is
 * marked while the user has an active alert on the coin.
 */
export function AlertBell({ coinId }: { coinId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useLoginGate();
  const { data } = useAlertList();
  const active = data?.list.some((alert) => alert.coin_id === coinId && !alert.paused) ?? false;
  return (
    <button
      type="button"
      className={active ? 'cl-icon-button cl-alert-bell cl-alert-bell-on' : 'cl-icon-button cl-alert-bell'}
      aria-label={t('alerts.bell')}
      onClick={() => gate(() => void navigate({ to: paths.alertEdit, search: { coin: coinId } }))}
      data-testid="alert-bell"
      data-active={active}
    >
      <BellOutline aria-hidden="true" />
    </button>
  );
}
