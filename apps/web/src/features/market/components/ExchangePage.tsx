import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { EmptyState } from '@/components/EmptyState';
import { paths } from '@/config/paths';
import { useOpenCoin } from '@/lib/use-open-coin';
import { ExchangeHeader } from './ExchangeHeader';
import { ExchangeProfile } from './ExchangeProfile';
import { ExchangeQuery } from './ExchangeQuery';
import { ExchangeScoreSection } from './ExchangeScoreSection';
import { TickerList } from './TickerList';

/**
 * One exchange page for both exchange routes (decision D8): `introduce` (the list's tap: header, score,
 * a link to the full profile, its markets, the profile) and `exchangeDetail` (the full profile alone).
 */
export function ExchangePage({
  exchangeId,
  route,
  follow,
}: {
  exchangeId: string | undefined;
  route: 'introduce' | 'exchangeDetail';
  /** The follow control for the header (the watch-lists feature's, composed by the page). */
  follow: (exchangeId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openCoin = useOpenCoin();
  const openLink = (url: string) => void navigate({ to: paths.webview, search: { url } });
  const withMarkets = route === 'introduce';
  return (
    <div className="cl-detail" data-testid={`page-${route}`}>
      {exchangeId ? (
        <ExchangeQuery exchangeId={exchangeId}>
          {(exchange) => (
            <>
              <ExchangeHeader exchange={exchange} follow={follow(exchange.id)} />
              <ExchangeScoreSection exchange={exchange} />
              {withMarkets && (
                <>
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
                </>
              )}
              <ExchangeProfile exchange={exchange} onOpenCoin={openCoin} onOpenLink={openLink} />
            </>
          )}
        </ExchangeQuery>
      ) : (
        <EmptyState
          testId={withMarkets ? 'introduce-missing' : 'exchange-detail-missing'}
          title={t('exchange.missing')}
        />
      )}
      <Disclaimer />
    </div>
  );
}
