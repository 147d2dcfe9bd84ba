import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { EmptyState } from '@/components/EmptyState';
import { paths } from '@/config/paths';
import type { IntroduceSearch } from '@/config/search-params';
import { useOpenCoin } from '@/lib/use-open-coin';
import { ExchangeHeader } from '@/features/market/components/ExchangeHeader';
import { ExchangeProfile } from '@/features/market/components/ExchangeProfile';
import { ExchangeScoreSection } from '@/features/market/components/ExchangeScoreSection';
import { ExchangeQuery } from '@/features/market/components/ExchangeQuery';
import { FollowButton } from '@/features/watchlists/components/FollowButton';
import { TickerList } from '@/features/market/components/TickerList';

/** Exchange introduction (params exchange_id, name; the title shows the name): profile and its markets. */
export default function IntroducePage({ exchange_id }: IntroduceSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openCoin = useOpenCoin();
  const openLink = (url: string) => void navigate({ to: paths.webview, search: { url } });
  return (
    <div className="cl-detail" data-testid="page-introduce">
      {exchange_id ? (
        <ExchangeQuery exchangeId={exchange_id}>
          {(exchange) => (
            <>
              <ExchangeHeader
                exchange={exchange}
                follow={<FollowButton kind="exchange" id={exchange.id} compact />}
              />
              <ExchangeScoreSection exchange={exchange} />
              <div className="cl-coin-actions">
                <Button
                  onClick={() =>
                    void navigate({ to: paths.exchangeDetail, search: { exchange_id: exchange.id } })
                  }
                  data-testid="introduce-about"
                >
                  {t('title.exchangeDetail')}
                </Button>
              </div>
              <TickerList
                owner={{ kind: 'exchange', exchangeId: exchange.id }}
                onOpen={(ticker) => openCoin({ id: ticker.coin_id, symbol: ticker.base })}
              />
              <ExchangeProfile exchange={exchange} onOpenCoin={openCoin} onOpenLink={openLink} />
            </>
          )}
        </ExchangeQuery>
      ) : (
        <EmptyState testId="introduce-missing" title={t('exchange.missing')} />
      )}
      <Disclaimer />
    </div>
  );
}
