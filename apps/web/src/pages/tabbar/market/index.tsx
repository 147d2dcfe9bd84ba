import { AppstoreOutline, LeftOutline, SearchOutline } from 'antd-mobile-icons';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { RenderInBackground } from '@/components/RenderInBackground';
import { SubTabs } from '@/components/SubTabs';
import { paths } from '@/config/paths';
import { marketTabs, type MarketSearch, type MarketTab } from '@/config/search-params';
import { marketQueries } from '@/features/market/api/market-queries';
import { CoinList } from '@/features/market/components/CoinList';
import { ConceptList } from '@/features/market/components/ConceptList';
import { FavouriteCoins } from '@/features/watchlists/components/FavouriteCoins';
import { AdSlot } from '@/features/ads/AdSlot';
import { GlobalStatsStrip } from '@/features/market/components/GlobalStatsStrip';
import type { SortState } from '@/features/market/sort-state';
import type { CoinSortKey } from '@/features/market/components/CoinListHeader';
import { useSettingsStore } from '@/lib/settings-store';
import './market.css';

const BY_RANK: SortState<CoinSortKey> = { key: 'rank', order: 'asc' };
const LIST_OF_TAB = {
  coins: { filter: 'all', sort: BY_RANK },
  gainers: { filter: 'gainers', sort: { key: 'change_24h', order: 'desc' } },
  losers: { filter: 'losers', sort: { key: 'change_24h', order: 'asc' } },
  new: { filter: 'new', sort: BY_RANK },
} as const satisfies Partial<
  Record<MarketTab, { filter: 'all' | 'gainers' | 'losers' | 'new'; sort: SortState<CoinSortKey> }>
>;

function SectorCoins({ concept, onBack }: { concept: string; onBack: () => void }) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const { data } = useQuery(marketQueries.concepts(currency));
  const name = data?.list.find((entry) => entry.id === concept)?.name ?? concept;
  return (
    <>
      <button type="button" className="cl-sector-back" onClick={onBack} data-testid="sector-back">
        <LeftOutline aria-hidden="true" />
        <span>{t('marketList.allSectors')}</span>
        <strong className="cl-sector-name" data-testid="sector-name">
          {name}
        </strong>
      </button>
      <CoinList key={concept} filter="all" concept={concept} defaultSort={BY_RANK} testId="sector-coins" />
    </>
  );
}

/**
 * Markets tab (tab 0): search entry, the market at a glance, then Favourites / Coins / Gainers /
 * Losers / New listings / Sectors. The sub-tab and sector live in the URL so Back returns to them.
 */
export default function MarketPage({ tab: tabParam, concept }: Partial<MarketSearch>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tab: MarketTab = tabParam ?? (concept ? 'sectors' : 'coins');
  const show = (next: Partial<MarketSearch>) =>
    void navigate({ to: pathname === paths.home ? paths.home : paths.market, search: next, replace: true });

  return (
    <div className="cl-tab-page" data-testid="page-market">
      <div className="cl-market-top">
        <button
          type="button"
          className="cl-search-entry"
          data-testid="market-search-entry"
          onClick={() => void navigate({ to: paths.search })}
        >
          <SearchOutline aria-hidden="true" />
          <span>{t('search.placeholder')}</span>
        </button>
        <button
          type="button"
          className="cl-market-heatmap-entry"
          aria-label={t('heatmap.open')}
          data-testid="market-heatmap-entry"
          onClick={() => void navigate({ to: paths.heatmap })}
        >
          <AppstoreOutline aria-hidden="true" />
        </button>
      </div>
      {/* The router mounts a page in one blocking render; the market's figures, tabs and rows render just
          after it, in slices (~150 ms of one task at 4× before, issue 23). */}
      <RenderInBackground>
        <GlobalStatsStrip />
        <AdSlot position="ad_market" />
        <SubTabs
          tabs={marketTabs.map((key) => ({
            key,
            title: t(`marketList.tab.${key}`),
            testId: `market-tab-${key}`,
          }))}
          activeKey={tab}
          onChange={(key) => show({ tab: key })}
          className="cl-market-tabs"
          sticky
          renderPanel={(key) =>
            key === 'favourites' ? (
              <FavouriteCoins />
            ) : key === 'sectors' ? (
              concept ? (
                <SectorCoins concept={concept} onBack={() => show({ tab: 'sectors' })} />
              ) : (
                <ConceptList onOpen={(entry) => show({ tab: 'sectors', concept: entry.id })} />
              )
            ) : (
              <CoinList
                key={key}
                filter={LIST_OF_TAB[key].filter}
                defaultSort={LIST_OF_TAB[key].sort}
                testId={`coins-${key}`}
              />
            )
          }
        />
        <Disclaimer />
      </RenderInBackground>
    </div>
  );
}
