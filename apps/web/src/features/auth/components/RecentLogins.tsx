import { List, Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { formatDateTime, type SecurityInfo } from '@coinlens/contract';

/** The last logins of the account (device, time in UTC+8, masked address, outcome). */
export function RecentLogins({ logins }: { logins: SecurityInfo['recent_logins'] }) {
  const { t } = useTranslation();
  return (
    <List header={t('security.recentLogins')} data-testid="recent-logins">
      {logins.length === 0 && <List.Item>{t('security.noLogins')}</List.Item>}
      {logins.map((login, index) => (
        <List.Item
          key={`${login.at}-${index}`}
          description={`${formatDateTime(login.at, 'YYYY-MM-DD HH:mm')} (UTC+8) · ${login.ip_masked}`}
          extra={
            <Tag color={login.success ? 'success' : 'danger'} fill="outline">
              {login.success ? t('security.loginSucceeded') : t('security.loginFailed')}
            </Tag>
          }
          data-testid="login-item"
        >
          {login.device}
        </List.Item>
      ))}
    </List>
  );
}
