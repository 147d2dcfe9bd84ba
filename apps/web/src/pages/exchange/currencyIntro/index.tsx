import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { EmptyState } from '@/components/EmptyState';
import { QueryView } from '@/components/QueryView';
import { RenderInBackground } from '@/components/RenderInBackground';
import { paths } from '@/config/paths';
import type { CurrencyIntroSearch } from '@/config/search-params';
import { AdSlot } from '@/features/ads/AdSlot';
import { AlertBell } from '@/features/alerts/components/AlertBell';
import { CoinNews } from '@/features/content/components/CoinNews';
import { marketQueries } from '@/features/market/api/market-queries';
import { CoinChart } from '@/features/chart/components/CoinChart';
import { CoinHeader } from '@/features/market/components/CoinHeader';
import { CoinProfile } from '@/features/market/components/CoinProfile';
import { CoinScoreSection } from '@/features/market/components/CoinScoreSection';
import { FollowButton } from '@/features/watchlists/components/FollowButton';
import { TickerList } from '@/features/market/components/TickerList';
import { useLiveTopics } from '@/lib/live/live-prices';
import { coinTopics } from '@/lib/live/topics';
import { useSettingsStore } from '@/lib/settings-store';

function CoinIntroduction({ coinId }: { coinId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useQuery(marketQueries.coinDetail(coinId, currency));
  useLiveTopics(useMemo(() => coinTopics([coinId]), [coinId]));
  return (
    <QueryView query={query} testId="coin" notFoundTitle={t('coin.missing')}>
      {(coin) => (
        <>
          <CoinHeader
            coin={coin}
            follow={
              <>
                <AlertBell coinId={coin.id} />
                <FollowButton kind="coins" id={coin.id} compact />
              </>
            }
          />
          <CoinChart coinId={coin.id} />
          <div className="cl-coin-actions">
            <Button
              onClick={() => void navigate({ to: paths.briefIntroduction, search: { coin_id: coin.id } })}
              data-testid="currency-brief"
            >
              {t('title.briefIntroduction')}
            </Button>
          </div>
          {/* Below the first screen: rendered in slices after the header and chart are shown (issue 23). */}
          <RenderInBackground>
            <AdSlot position="ad_market_detail" />
            <CoinScoreSection coinId={coin.id} />
            <CoinProfile
              coin={coin}
              onOpenConcept={(concept) =>
                void navigate({ to: paths.market, search: { tab: 'sectors', concept } })
              }
              onOpenLink={(url) => void navigate({ to: paths.webview, search: { url } })}
            />
            <TickerList
              owner={{ kind: 'coin', coinId: coin.id }}
              onOpen={(ticker) =>
                void navigate({
                  to: paths.introduce,
                  search: { exchange_id: ticker.exchange_id, name: ticker.exchange_name },
                })
              }
            />
            <CoinNews coinId={coin.id} />
          </RenderInBackground>
        </>
      )}
    </QueryView>
  );
}

/** Coin introduction (params coin_id, symbol; the title shows the symbol). Disclaimer at the foot. */
export default function CurrencyIntroPage({ coin_id }: CurrencyIntroSearch) {
  const { t } = useTranslation();
  return (
    <div className="cl-detail" data-testid="page-currencyIntro">
      {coin_id ? (
        <CoinIntroduction coinId={coin_id} />
      ) : (
        <EmptyState testId="currency-missing" title={t('coin.missing')} />
      )}
      <Disclaimer />
    </div>
  );
}
