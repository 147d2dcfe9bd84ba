import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, type ReactNode } from 'react';

import { DataAge } from './DataAge';
import { EmptyState } from './EmptyState';
import { LoadingView } from './LoadingView';
import { QueryView } from './QueryView';
import { VirtualList } from './VirtualList';

interface Page<T> {
  list: T[];
  as_of: number;
  stale: boolean;
}

/** Rows the loading state reserves room for (a phone screen's worth). */
const LOADING_ROWS = 12;

export interface PagedRowsProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  rowHeight: number;
  getKey: (item: T) => string;
  renderRow: (item: T) => ReactNode;
  emptyTitle: string;
  /** The rows on screen (live subscriptions follow them). */
  onVisibleChange?: (items: readonly T[]) => void;
  testId: string;
  label: string;
}

/**
 * A pull-up paged server list: loading, failure with retry, an honest empty state, the data's age, and the
 * rows virtualised with the three footer states.
 */
export function PagedRows<T>({
  query,
  rowHeight,
  getKey,
  renderRow,
  emptyTitle,
  onVisibleChange,
  testId,
  label,
}: PagedRowsProps<T>) {
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  // The rows render in the background, in slices that leave the main thread to the browser: a query's answer
  // arrives through an external store, which React renders in one blocking task (~100 ms at 4× on the
  // Markets tab's first screen, issue 23). Until the first rows are ready the loading view stays.
  const shown = useDeferredValue(items);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const lastPage = query.data?.pages[query.data.pages.length - 1];
  const loading = (
    <div style={{ minHeight: rowHeight * LOADING_ROWS }}>
      <LoadingView testId={`${testId}-query-loading`} />
    </div>
  );
  return (
    <QueryView
      query={query}
      testId={`${testId}-query`}
      // A first page's worth of height while loading: what follows stays put (no layout shift, no footer
      // text flashing above the fold).
      loading={loading}
    >
      {() =>
        items.length === 0 ? (
          <EmptyState testId={`${testId}-empty`} title={emptyTitle} />
        ) : shown.length === 0 ? (
          loading
        ) : (
          <>
            {lastPage && <DataAge asOf={lastPage.as_of} stale={lastPage.stale} />}
            <VirtualList
              items={shown}
              rowHeight={rowHeight}
              getKey={getKey}
              renderRow={renderRow}
              hasMore={hasNextPage}
              loadingMore={isFetchingNextPage}
              onLoadMore={loadMore}
              onVisibleChange={onVisibleChange}
              testId={`${testId}-rows`}
              label={label}
            />
          </>
        )
      }
    </QueryView>
  );
}
