import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { SubTabs } from '@/components/SubTabs';
import { AdSlot } from '@/features/ads/AdSlot';
import { paths } from '@/config/paths';
import { platformTabs, type PlatformSearch } from '@/config/search-params';
import { ExchangeList } from '@/features/market/components/ExchangeList';
import { exchangeFollowStar } from '@/features/watchlists/components/FollowButton';
import { FollowedExchanges } from '@/features/watchlists/components/FollowedExchanges';

/** Exchanges tab (tab 1): the ranking by ExRank and the exchanges the user follows. */
export default function PlatformPage({ tab = 'ranking' }: Partial<PlatformSearch>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="cl-tab-page" data-testid="page-platform">
      <AdSlot position="ad_platform" />
      <SubTabs
        tabs={platformTabs.map((key) => ({
          key,
          title: t(`platform.${key}`),
          testId: `platform-tab-${key}`,
        }))}
        activeKey={tab}
        onChange={(key) => void navigate({ to: paths.platform, search: { tab: key }, replace: true })}
        renderPanel={(key) =>
          key === 'ranking' ? <ExchangeList renderAction={exchangeFollowStar} /> : <FollowedExchanges />
        }
      />
      <Disclaimer />
    </div>
  );
}
