import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ProcedureOutput, TickerView } from '@coinlens/contract';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { Logo } from '@/components/Logo';
import { Money } from '@/components/Money';
import { QueryView } from '@/components/QueryView';
import { percentText } from '@/lib/fact-format';
import { useSettingsStore } from '@/lib/settings-store';
import { marketQueries } from '../api/market-queries';
import './ticker-list.css';

export type TickerOwner = { kind: 'coin'; coinId: string } | { kind: 'exchange'; exchangeId: string };

type TickerPage = ProcedureOutput<'appmarket_msrv/coin_tickers'>;
type TickerQuery = UseInfiniteQueryResult<InfiniteData<TickerPage>>;

export interface TickerListProps {
  owner: TickerOwner;
  onOpen: (ticker: TickerView) => void;
}

/**
 * The markets of a coin (by exchange) or of an exchange (by pair): price, 24h turnover, share; venues left
 * out of the reference price are marked. Pull-up paging with the three footer states.
 */
export function TickerList({ owner, onOpen }: TickerListProps) {
  return owner.kind === 'coin' ? (
    <CoinTickers coinId={owner.coinId} onOpen={onOpen} />
  ) : (
    <ExchangeTickers exchangeId={owner.exchangeId} onOpen={onOpen} />
  );
}

function CoinTickers({ coinId, onOpen }: { coinId: string; onOpen: TickerListProps['onOpen'] }) {
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useInfiniteQuery(marketQueries.coinTickers(coinId, currency));
  return <TickerTable kind="coin" query={query} onOpen={onOpen} />;
}

function ExchangeTickers({ exchangeId, onOpen }: { exchangeId: string; onOpen: TickerListProps['onOpen'] }) {
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useInfiniteQuery(marketQueries.exchangeTickers(exchangeId, currency));
  return <TickerTable kind="exchange" query={query} onOpen={onOpen} />;
}

function TickerTable({
  kind,
  query,
  onOpen,
}: {
  kind: TickerOwner['kind'];
  query: TickerQuery;
  onOpen: TickerListProps['onOpen'];
}) {
  const { t } = useTranslation();
  const tickers = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <section className="cl-tickers" aria-label={t('tickers.title')} data-testid="tickers">
      <h3 className="cl-facts-title">
        {t('tickers.title')} <span className="cl-tickers-count">{total > 0 ? `(${total})` : ''}</span>
      </h3>
      <div className="cl-ticker-head" aria-hidden="true">
        <span>{kind === 'coin' ? t('tickers.exchange') : t('tickers.pair')}</span>
        <span>{t('tickers.price')}</span>
        <span>{t('tickers.share')}</span>
      </div>
      <QueryView query={query} testId="tickers">
        {() =>
          tickers.length === 0 ? (
            <EmptyState testId="tickers-empty" title={t('tickers.empty')} />
          ) : (
            <>
              <ul className="cl-ticker-list">
                {tickers.map((ticker) => (
                  <li key={`${ticker.exchange_id}:${ticker.pair}`}>
                    <button
                      type="button"
                      className={ticker.excluded ? 'cl-ticker cl-ticker-excluded' : 'cl-ticker'}
                      onClick={() => onOpen(ticker)}
                      data-testid={`ticker-${ticker.exchange_id}-${ticker.pair}`}
                    >
                      <span className="cl-ticker-main">
                        {kind === 'coin' && (
                          <Logo src={ticker.exchange_logo} name={ticker.exchange_name} size={22} />
                        )}
                        <span className="cl-ticker-names">
                          <span className="cl-ticker-name">
                            {kind === 'coin' ? ticker.exchange_name : ticker.pair}
                          </span>
                          <span className="cl-ticker-sub">
                            {kind === 'coin' ? ticker.pair : ticker.base}
                            {ticker.excluded && (
                              <span className="cl-ticker-flag" data-testid="ticker-excluded">
                                {t('tickers.excluded')}
                              </span>
                            )}
                          </span>
                        </span>
                      </span>
                      <span className="cl-ticker-price">
                        <Money value={ticker.price} />
                        <span className="cl-ticker-sub">
                          <Money value={ticker.amount_24h} compact />
                        </span>
                      </span>
                      <span className="cl-ticker-share">{percentText(ticker.share)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <LoadMoreFooter query={query} testId="tickers-more" />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
