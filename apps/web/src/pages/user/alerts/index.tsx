import { Tabs } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { LoginRequired } from '@/components/LoginRequired';
import { paths } from '@/config/paths';
import { alertsTabs, type AlertsSearch, type AlertsTab } from '@/config/search-params';
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
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            void navigate({ to: paths.alerts, search: { tab: key as AlertsTab }, replace: true })
          }
          className="cl-sub-tabs"
        >
          {alertsTabs.map((key) => (
            <Tabs.Tab
              key={key}
              title={<span data-testid={`alerts-tab-${key}`}>{t(`alerts.tab.${key}`)}</span>}
              destroyOnClose
            >
              {key === 'list' ? <AlertList /> : <FiringList />}
            </Tabs.Tab>
          ))}
        </Tabs>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
