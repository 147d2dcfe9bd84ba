import { useNavigate } from '@tanstack/react-router';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { LoginRequired } from '../../../components/login-gate';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../lib/session-store';

/** Account security (login-gated): the account's id, change password, profile. */
export default function AccountSecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  return (
    <div data-testid="page-accountSecurity">
      {user ? (
        <List>
          <List.Item extra={user.uid}>{t('profile.uid')}</List.Item>
          <List.Item
            onClick={() => void navigate({ to: paths.updatePassword })}
            data-testid="entry-updatePassword"
          >
            {t('security.changePassword')}
          </List.Item>
          <List.Item onClick={() => void navigate({ to: paths.YourInfo })}>{t('title.YourInfo')}</List.Item>
        </List>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
