import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { LoginRequired } from '@/components/LoginRequired';
import { QueryView } from '@/components/QueryView';
import type { AlertEditSearch } from '@/config/search-params';
import { useAlert } from '@/features/alerts/api/alert-queries';
import { AlertForm } from '@/features/alerts/components/AlertForm';
import { useIsLoggedIn } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';

function EditAlert({ id }: { id: number }) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const { query, alert } = useAlert(id);
  return (
    <QueryView query={query} testId="alert">
      {() =>
        alert ? (
          <AlertForm key={alert.id} coinId={alert.coin_id} alert={alert} displayCurrency={currency} />
        ) : (
          <EmptyState testId="alert-missing" title={t('alerts.missing')} />
        )
      }
    </QueryView>
  );
}

/** The alert form (login-gated): `coin` for a new alert on that coin, `id` to edit one of the user's alerts. */
export default function AlertEditPage({ coin, id }: AlertEditSearch) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const alertId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  let body;
  if (!loggedIn) body = <LoginRequired />;
  else if (alertId !== null) body = <EditAlert id={alertId} />;
  else if (coin) body = <AlertForm coinId={coin} displayCurrency={currency} />;
  else body = <EmptyState testId="alert-missing" title={t('alerts.missing')} />;
  return <div data-testid="page-alertEdit">{body}</div>;
}
