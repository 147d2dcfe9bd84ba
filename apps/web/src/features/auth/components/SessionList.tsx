import { List, Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { formatDateTime, type SecurityInfo } from '@coinlens/contract';

/** The account's live sessions: device and last use (UTC+8), this device marked. */
export function SessionList({ sessions }: { sessions: SecurityInfo['sessions'] }) {
  const { t } = useTranslation();
  return (
    <List header={t('security.sessions')} data-testid="session-list">
      {sessions.map((session) => (
        <List.Item
          key={session.id}
          description={t('security.lastUsed', {
            time: `${formatDateTime(session.last_used_at, 'YYYY-MM-DD HH:mm')} (UTC+8)`,
          })}
          extra={
            session.current ? (
              <Tag color="primary" fill="outline" data-testid="session-current">
                {t('security.currentDevice')}
              </Tag>
            ) : undefined
          }
          data-testid="session-item"
        >
          {session.device}
        </List.Item>
      ))}
    </List>
  );
}
