import { Tabs } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { AdSlot } from '@/features/ads/AdSlot';
import { paths } from '@/config/paths';
import { platformTabs, type PlatformSearch, type PlatformTab } from '@/config/search-params';
import { ExchangeList } from '@/features/market/components/ExchangeList';
import { exchangeFollowStar } from '@/features/watchlists/components/FollowButton';
import { FollowedExchanges } from '@/features/watchlists/components/FollowedExchanges';

/** Exchanges tab (spec §2 tab 1): the ranking by ExRank and the exchanges the user follows. */
export default function PlatformPage({ tab = 'ranking' }: Partial<PlatformSearch>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="cl-tab-page" data-testid="page-platform">
      <AdSlot position="ad_platform" />
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          void navigate({ to: paths.platform, search: { tab: key as PlatformTab }, replace: true })
        }
        className="cl-sub-tabs"
      >
        {platformTabs.map((key) => (
          <Tabs.Tab
            key={key}
            title={<span data-testid={`platform-tab-${key}`}>{t(`platform.${key}`)}</span>}
            destroyOnClose
          >
            {key === 'ranking' ? <ExchangeList renderAction={exchangeFollowStar} /> : <FollowedExchanges />}
          </Tabs.Tab>
        ))}
      </Tabs>
      <Disclaimer />
    </div>
  );
}
