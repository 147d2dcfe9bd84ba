import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { LoginRequired } from '@/components/LoginRequired';
import { SubTabs } from '@/components/SubTabs';
import { paths } from '@/config/paths';
import { alertsTabs, type AlertsSearch } from '@/config/search-params';
import { AlertList } from '@/features/alerts/components/AlertList';
import { FiringList } from '@/features/alerts/components/FiringList';
import { useIsLoggedIn } from '@/lib/session-store';

/** My alerts (login-gated): the alerts with the count against the limit, and the history of firings. */
export default function AlertsPage({ tab = 'list' }: Partial<AlertsSearch>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="page-alerts">
      {loggedIn ? (
        <SubTabs
          tabs={alertsTabs.map((key) => ({
            key,
            title: t(`alerts.tab.${key}`),
            testId: `alerts-tab-${key}`,
          }))}
          activeKey={tab}
          onChange={(key) => void navigate({ to: paths.alerts, search: { tab: key }, replace: true })}
          renderPanel={(key) => (key === 'list' ? <AlertList /> : <FiringList />)}
        />
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
