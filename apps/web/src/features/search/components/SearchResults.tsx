import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import type { CoinListItem, ExchangeListItem, SearchType } from '@coinlens/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Change } from '@/components/Change';
import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { useSettingsStore } from '@/lib/settings-store';
import { useOpenCoin } from '@/lib/use-open-coin';
import { useOpenExchange } from '@/lib/use-open-exchange';
import { ExchangeRow } from '@/components/ExchangeRow';
import { searchQueries, type SearchAnswer } from '../api/search-queries';
import { FollowableCoinRow } from './FollowableCoinRow';
import './search.css';

export interface SearchResultsProps {
  keyword: string;
  type: SearchType;
  /** Opening a result records the keyword in the history. */
  onOpenResult: () => void;
  onShowType: (type: SearchType) => void;
  /** Beside every coin and exchange row (the follow stars). */
  renderCoinAction: (coin: CoinListItem) => ReactNode;
  renderExchangeAction: (exchange: ExchangeListItem) => ReactNode;
}

function ResultSection({
  title,
  total,
  more,
  children,
  testId,
}: {
  title: string;
  total: number;
  more?: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="cl-search-section" aria-label={title} data-testid={testId}>
      <div className="cl-section-head">
        <h3 className="cl-section-title">
          {title} <span className="cl-muted">({total})</span>
        </h3>
        {more && (
          <Button size="mini" fill="none" color="primary" onClick={more} data-testid={`${testId}-more`}>
            {t('search.seeAll')}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

/** Results for a keyword: coins and exchanges (each with its action), news; the three footer states. */
export function SearchResults({
  keyword,
  type,
  onOpenResult,
  onShowType,
  renderCoinAction,
  renderExchangeAction,
}: SearchResultsProps) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useInfiniteQuery(searchQueries.results(keyword, type, currency));
  const openCoin = useOpenCoin();
  const openExchange = useOpenExchange();
  const navigate = useNavigate();
  const pages = useMemo<SearchAnswer[]>(() => query.data?.pages ?? [], [query.data]);
  const coins = pages.flatMap((page) => page.coins.list);
  const exchanges = pages.flatMap((page) => page.exchanges.list);
  const first = pages[0];

  const coinRows = coins.map((coin) => (
    <FollowableCoinRow
      key={coin.id}
      coin={coin}
      renderAction={renderCoinAction}
      onOpen={(item) => {
        onOpenResult();
        openCoin(item);
      }}
    />
  ));
  const exchangeRows = exchanges.map((exchange) => (
    <div key={exchange.id} className="cl-search-exchange">
      <ExchangeRow
        exchange={exchange}
        showRank={false}
        renderAction={renderExchangeAction}
        onOpen={(item) => {
          onOpenResult();
          openExchange(item);
        }}
      />
    </div>
  ));
  const footer = type === 'all' ? null : <LoadMoreFooter query={query} testId="search-more" />;

  return (
    <QueryView query={query} testId="search-results">
      {() => {
        if (!first) return null;
        const nothing =
          first.coins.total + first.exchanges.total + first.concepts.total + first.news.total === 0;
        if (nothing)
          return <EmptyState testId="search-no-results" title={t('search.noResults', { keyword })} />;
        return (
          <div data-testid="search-results" data-type={type}>
            {first.concepts.total > 0 && (
              <ResultSection
                title={t('search.sectors')}
                total={first.concepts.total}
                testId="search-concepts"
              >
                <div className="cl-tags cl-search-chips">
                  {first.concepts.list.map((concept) => (
                    <button
                      type="button"
                      key={concept.id}
                      className="cl-chip"
                      onClick={() => {
                        onOpenResult();
                        void navigate({ to: paths.market, search: { tab: 'sectors', concept: concept.id } });
                      }}
                      data-testid={`search-concept-${concept.id}`}
                    >
                      {concept.name} <Change value={concept.change_24h} />
                    </button>
                  ))}
                </div>
              </ResultSection>
            )}
            {first.coins.total > 0 && (
              <ResultSection
                title={t('search.type.coin')}
                total={first.coins.total}
                more={
                  type === 'all' && first.coins.total > coins.length ? () => onShowType('coin') : undefined
                }
                testId="search-coins"
              >
                {coinRows}
              </ResultSection>
            )}
            {first.exchanges.total > 0 && (
              <ResultSection
                title={t('search.type.exchange')}
                total={first.exchanges.total}
                more={
                  type === 'all' && first.exchanges.total > exchanges.length
                    ? () => onShowType('exchange')
                    : undefined
                }
                testId="search-exchanges"
              >
                {exchangeRows}
              </ResultSection>
            )}
            {footer}
          </div>
        );
      }}
    </QueryView>
  );
}
