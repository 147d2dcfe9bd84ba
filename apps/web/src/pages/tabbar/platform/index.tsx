import { Button, Tabs } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import { ListFooter } from '../../../components/ListFooter';
import { useLoginGate } from '../../../components/login-gate';
import { paths } from '../../../config/paths';
import { useIsLoggedIn } from '../../../lib/session-store';

type SubTab = 'ranking' | 'following';

function Following() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const gate = useLoginGate();
  if (!loggedIn) {
    return (
      <EmptyState
        testId="following-login"
        title={t('platform.loginForFollowing')}
        action={
          <Button color="primary" size="small" onClick={() => void navigate({ to: paths.loginRegister })}>
            {t('common.login')}
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      testId="following-empty"
      title={t('platform.emptyFollowing')}
      action={
        <Button
          color="primary"
          size="small"
          onClick={() => gate(() => void navigate({ to: paths.editFollow }))}
        >
          {t('platform.manage')}
        </Button>
      }
    />
  );
}

/** Exchanges tab (spec §2 tab 1): Ranking / Following. */
export default function PlatformPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SubTab>('ranking');
  return (
    <div className="cl-tab-page" data-testid="page-platform">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as SubTab)} className="cl-sub-tabs">
        <Tabs.Tab key="ranking" title={t('platform.ranking')}>
          <div className="cl-list-header" role="presentation">
            <span>{t('platform.colExchange')}</span>
            <span>{t('platform.colVolume')}</span>
            <span>{t('platform.colScore')}</span>
          </div>
          <EmptyState testId="ranking-empty" title={t('platform.emptyRanking')} />
          <ListFooter state="none" />
        </Tabs.Tab>
        <Tabs.Tab key="following" title={t('platform.following')}>
          <Following />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
