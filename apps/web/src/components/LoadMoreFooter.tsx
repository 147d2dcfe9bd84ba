import type { UseInfiniteQueryResult } from '@tanstack/react-query';

import { ListFooter } from './ListFooter';
import './load-more-footer.css';

export interface LoadMoreFooterProps {
  /** The paged list's query: whether there is a next page, whether it is loading, and how to fetch it. */
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  testId: string;
}

/**
 * The foot of a short paged list shown in full (not virtualised): "pull up for more" is a button that fetches
 * the next page, then loading, then no more data.
 */
export function LoadMoreFooter({ query, testId }: LoadMoreFooterProps) {
  const loading = query.isFetchingNextPage;
  if (!query.hasNextPage || loading) return <ListFooter state={loading ? 'loading' : 'none'} />;
  return (
    <button
      type="button"
      className="cl-load-more"
      onClick={() => void query.fetchNextPage()}
      data-testid={testId}
    >
      <ListFooter state="more" />
    </button>
  );
}
