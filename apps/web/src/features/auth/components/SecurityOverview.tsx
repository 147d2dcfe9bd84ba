import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ErrorView } from '@/components/ErrorView';
import { LoadingView } from '@/components/LoadingView';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { accountService } from '../account-service';
import { securityInfoQuery } from '../api';
import { RecentLogins } from './RecentLogins';
import { SessionList } from './SessionList';
import './account.css';

/** Account security: masked email, change password, signed-in devices (sign out the others), recent logins. */
export function SecurityOverview({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(securityInfoQuery(uid));
  const [signingOut, setSigningOut] = useState(false);

  async function signOutOthers(): Promise<void> {
    const result = await accountService.signOutOtherSessions();
    if (!result.ok) return;
    showToast(t('security.signedOut', { sessions: result.data.signed_out_sessions }));
    await queryClient.invalidateQueries({ queryKey: securityInfoQuery(uid).queryKey });
  }

  if (info.isPending) return <LoadingView testId="security-loading" />;
  if (info.isError)
    return <ErrorView message={t('security.loadFailed')} onRetry={() => void info.refetch()} />;
  const { data } = info;
  const others = data.sessions.filter((session) => !session.current).length;

  return (
    <>
      <List header={t('security.account')}>
        <List.Item
          extra={
            <span className="cl-email" data-testid="security-email">
              {data.email_masked}
            </span>
          }
        >
          {t('security.email')}
        </List.Item>
        <List.Item extra={uid}>{t('profile.uid')}</List.Item>
        <List.Item
          onClick={() => void navigate({ to: paths.updatePassword })}
          data-testid="entry-updatePassword"
        >
          {t('security.changePassword')}
        </List.Item>
        <List.Item onClick={() => void navigate({ to: paths.YourInfo })}>{t('title.YourInfo')}</List.Item>
      </List>
      <SessionList sessions={data.sessions} />
      <div className="cl-account-actions">
        <Button
          block
          color="danger"
          fill="outline"
          disabled={others === 0}
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOutOthers().finally(() => setSigningOut(false));
          }}
          data-testid="sign-out-others"
        >
          {t('security.signOutOthers')}
        </Button>
      </div>
      <RecentLogins logins={data.recent_logins} />
    </>
  );
}
