import { useInfiniteQuery } from '@tanstack/react-query';
import { Switch } from 'antd-mobile';
import type { CoinListItem } from '@coinlens/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { PagedRows } from '@/components/PagedRows';
import { marketSnapshots } from '../api/market-snapshots';
import { SnapshotRows } from '@/components/SnapshotRows';
import { outcomeOf } from '@/lib/offline/network-failure';
import { useLastSnapshot } from '@/lib/offline/use-last-snapshot';
import { useSettingsStore } from '@/lib/settings-store';
import { marketQueries, type CoinListParams } from '../api/market-queries';
import { useLiveTopics } from '@/lib/live/live-prices';
import { coinTopics } from '@/lib/live/topics';
import { nextSort, type SortState } from '../sort-state';
import { CoinListHeader, type CoinSortKey } from './CoinListHeader';
import { COIN_ROW_HEIGHT, CoinRow } from '@/components/CoinRow';
import { useOpenCoin } from '@/lib/use-open-coin';
import './coin-list.css';

export interface CoinListProps {
  filter: CoinListParams['filter'];
  concept?: string;
  /** The order before any column is tapped (gainers: change descending …). */
  defaultSort: SortState<CoinSortKey>;
  testId: string;
}

/**
 * A ranked coin list with sortable columns, pull-up paging over the whole market, virtualised rows and live
 * prices for the rows on screen.
 */
export function CoinList({ filter, concept, defaultSort, testId }: CoinListProps) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const [sort, setSort] = useState(defaultSort);
  const [hideLowQuality, setHideLowQuality] = useState(false);
  const query = useInfiniteQuery(
    marketQueries.coinList({
      filter,
      concept,
      sort: sort.key,
      order: sort.order,
      currency,
      ...(hideLowQuality ? { hide_low_quality: true } : {}),
    }),
  );
  const [visible, setVisible] = useState('');
  useLiveTopics(useMemo(() => (visible ? coinTopics(visible.split(',')) : []), [visible]));
  const onVisibleChange = useCallback(
    (rows: readonly CoinListItem[]) => setVisible(rows.map((coin) => coin.id).join(',')),
    [],
  );
  const open = useOpenCoin();
  // The whole market by rank, first page: what an offline start shows.
  const keepsOfflineCopy =
    filter === 'all' &&
    concept === undefined &&
    !hideLowQuality &&
    sort.key === 'rank' &&
    sort.order === 'asc';
  const snapshot = useLastSnapshot({
    store: marketSnapshots.coinList,
    scope: keepsOfflineCopy ? currency : null,
    fresh: query.data?.pages[0],
    receivedAt: query.dataUpdatedAt,
    outcome: outcomeOf(query),
  });

  return (
    <div data-testid={testId} data-sort={`${sort.key}:${sort.order}`}>
      <label className="cl-score-toggle">
        <span>{t('score.hideLowQuality')}</span>
        <Switch
          checked={hideLowQuality}
          onChange={setHideLowQuality}
          data-testid={`${testId}-hide-low-quality`}
          aria-label={t('score.hideLowQuality')}
        />
      </label>
      <CoinListHeader
        sort={sort}
        onSort={(key) => setSort((current) => nextSort(current, key, defaultSort))}
      />
      {snapshot ? (
        <SnapshotRows
          items={snapshot.value.list}
          savedAt={snapshot.savedAt}
          rowHeight={COIN_ROW_HEIGHT}
          getKey={(coin) => coin.id}
          renderRow={(coin) => <CoinRow coin={coin} onOpen={open} />}
          testId={`${testId}-rows`}
          label={t('marketList.coinsLabel')}
        />
      ) : (
        <PagedRows
          query={query}
          rowHeight={COIN_ROW_HEIGHT}
          getKey={(coin) => coin.id}
          renderRow={(coin) => <CoinRow coin={coin} onOpen={open} />}
          emptyTitle={t('marketList.noCoins')}
          onVisibleChange={onVisibleChange}
          testId={testId}
          label={t('marketList.coinsLabel')}
        />
      )}
    </div>
  );
}
