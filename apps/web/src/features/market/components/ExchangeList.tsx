import { useInfiniteQuery } from '@tanstack/react-query';
import type { ExchangeListItem, ExchangeListQuery } from '@coinlens/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { PagedRows } from '@/components/PagedRows';
import { useSettingsStore } from '@/lib/settings-store';
import { marketQueries } from '../api/market-queries';
import { nextSort, type SortState } from '../sort-state';
import { EXCHANGE_ROW_HEIGHT, ExchangeRow } from '@/components/ExchangeRow';
import { useOpenExchange } from '@/lib/use-open-exchange';
import { SortHeader, type SortColumn } from './SortHeader';
import './exchange-list.css';

type ExchangeSortKey = ExchangeListQuery['sort'];

const DEFAULT_SORT: SortState<ExchangeSortKey> = { key: 'ex_rank', order: 'asc' };

/** The exchange ranking by ExRank, sortable by turnover, pairs and coins, pull-up paged and virtualised. */
export function ExchangeList({
  renderAction,
}: {
  /** Beside every row (the follow star); keep it stable, rows are memoised. */
  renderAction?: (exchange: ExchangeListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const query = useInfiniteQuery(
    marketQueries.exchangeList({ kind: 'all', sort: sort.key, order: sort.order, currency }),
  );
  const open = useOpenExchange();
  const columns: SortColumn<ExchangeSortKey>[] = [
    { key: 'ex_rank', label: t('platform.colExchange'), className: 'cl-sort-name' },
    { key: 'score', label: t('score.sort'), className: 'cl-sort-score' },
    { key: 'amount_24h', label: t('platform.colVolume'), className: 'cl-sort-exchange-volume' },
    { key: 'pair_count', label: t('exchanges.colPairs'), className: 'cl-sort-pairs' },
  ];
  return (
    <div data-testid="exchanges" data-sort={`${sort.key}:${sort.order}`}>
      <div className="cl-exchange-header">
        <SortHeader
          columns={columns}
          sort={sort}
          onSort={(key) => setSort((current) => nextSort(current, key, DEFAULT_SORT))}
          testId="exchange-list-header"
        />
      </div>
      <PagedRows
        query={query}
        rowHeight={EXCHANGE_ROW_HEIGHT}
        getKey={(exchange) => exchange.id}
        renderRow={(exchange) => (
          <ExchangeRow exchange={exchange} onOpen={open} renderAction={renderAction} />
        )}
        emptyTitle={t('platform.emptyRanking')}
        testId="exchanges"
        label={t('exchanges.label')}
      />
    </div>
  );
}
