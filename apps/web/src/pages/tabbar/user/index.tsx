import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Avatar, Badge, List, PullToRefresh } from 'antd-mobile';
import {
  AppstoreOutline,
  BellOutline,
  CalculatorOutline,
  GlobalOutline,
  InformationCircleOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  PayCircleOutline,
  PieOutline,
  SetOutline,
  SoundOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { useLoginGate } from '@/components/use-login-gate';
import { paths, type RoutePath } from '@/config/paths';
import { AdSlot } from '@/features/ads/AdSlot';
import { UserAvatar } from '@/features/auth/components/UserAvatar';
import { useUnreadCount } from '@/features/inbox/api/inbox-queries';
import { reloadSession, useSessionStore } from '@/lib/session-store';

interface Entry {
  key: string;
  icon: ReactNode;
  label: string;
  to: RoutePath;
  gated?: boolean;
  extra?: ReactNode;
}

/** Me tab (tab 3): the only tab with pull-down refresh (decision D9). */
export default function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useLoginGate();
  const user = useSessionStore((state) => state.user);
  const queryClient = useQueryClient();
  const unread = useUnreadCount();

  const entries: Entry[] = [
    {
      key: 'messages',
      icon: <BellOutline />,
      label: t('user.messages'),
      to: paths.notice,
      gated: true,
      extra:
        unread !== undefined && unread > 0 ? (
          <Badge content={unread > 99 ? '99+' : unread} data-testid="unread-badge" />
        ) : undefined,
    },
    { key: 'settings', icon: <SetOutline />, label: t('user.settings'), to: paths.setting },
    { key: 'currency', icon: <PayCircleOutline />, label: t('user.currency'), to: paths.priceDisplay },
    { key: 'language', icon: <GlobalOutline />, label: t('user.language'), to: paths.language },
    { key: 'contact', icon: <MailOutline />, label: t('user.contactUs'), to: paths.contactUs },
    { key: 'about', icon: <InformationCircleOutline />, label: t('user.aboutUs'), to: paths.aboutUs },
    {
      key: 'security',
      icon: <LockOutline />,
      label: t('user.accountSecurity'),
      to: paths.accountSecurity,
      gated: true,
    },
  ];

  // Issue 25's tools, one group: alerts, portfolio, converter, heatmap (each helper adds its row here), and
  // issue 38's open API with the user's keys.
  const tools: Entry[] = [
    { key: 'alerts', icon: <SoundOutline />, label: t('alerts.entry'), to: paths.alerts, gated: true },
    { key: 'portfolio', icon: <PieOutline />, label: t('portfolio.title'), to: paths.portfolio, gated: true },
    { key: 'converter', icon: <CalculatorOutline />, label: t('converter.title'), to: paths.converter },
    { key: 'heatmap', icon: <AppstoreOutline />, label: t('heatmap.title'), to: paths.heatmap },
    {
      key: 'developers',
      icon: <KeyOutline />,
      label: t('developers.entry'),
      to: paths.developers,
      gated: true,
    },
  ];

  const open = (entry: Entry) => {
    const go = () => void navigate({ to: entry.to });
    if (entry.gated) gate(go);
    else go();
  };

  const row = (entry: Entry) => (
    <List.Item
      key={entry.key}
      prefix={entry.icon}
      onClick={() => open(entry)}
      extra={entry.extra}
      arrowIcon
      data-testid={`entry-${entry.key}`}
    >
      {entry.label}
    </List.Item>
  );

  return (
    <div className="cl-tab-page" data-testid="page-user">
      <PullToRefresh
        onRefresh={async () => {
          reloadSession();
          await queryClient.invalidateQueries();
        }}
        pullingText={t('pullToRefresh.pulling')}
        canReleaseText={t('pullToRefresh.canRelease')}
        refreshingText={t('pullToRefresh.refreshing')}
        completeText={t('pullToRefresh.complete')}
      >
        <button
          type="button"
          className="cl-profile"
          data-testid={user ? 'profile' : 'login-entry'}
          onClick={() => void navigate({ to: user ? paths.YourInfo : paths.loginRegister })}
        >
          {user ? (
            <UserAvatar uid={user.uid} className="cl-profile-avatar" />
          ) : (
            <Avatar src="" className="cl-profile-avatar" aria-hidden="true" />
          )}
          <span className="cl-profile-text">
            {user ? (
              <>
                <span className="cl-profile-name" data-testid="profile-nickname">
                  {user.authorInfo.nickname || t('user.noNickname')}
                </span>
                <span className="cl-profile-sub">{t('user.uid', { uid: user.uid })}</span>
              </>
            ) : (
              <>
                <span className="cl-profile-name">{t('auth.loginOrRegister')}</span>
                <span className="cl-profile-sub">{t('user.loginHint')}</span>
              </>
            )}
          </span>
        </button>
        <List className="cl-entry-list" header={t('converter.toolsGroup')} data-testid="tools-group">
          {tools.map(row)}
        </List>
        <List className="cl-entry-list">{entries.map(row)}</List>
        <AdSlot position="ad_user" />
      </PullToRefresh>
    </div>
  );
}
