import { Avatar, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { LoginRequired } from '../../../components/login-gate';
import { useSessionStore } from '../../../lib/session-store';

/** Your info (profile, login-gated): avatar, nickname, user id. */
export default function YourInfoPage() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  return (
    <div data-testid="page-YourInfo">
      {user ? (
        <List>
          <List.Item extra={<Avatar src="" aria-hidden="true" />}>{t('profile.avatar')}</List.Item>
          <List.Item extra={user.authorInfo.nickname || t('user.noNickname')}>
            {t('profile.nickname')}
          </List.Item>
          <List.Item extra={user.uid}>{t('profile.uid')}</List.Item>
        </List>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
