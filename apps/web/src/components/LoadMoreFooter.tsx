import { ListFooter } from './ListFooter';
import './load-more-footer.css';

export interface LoadMoreFooterProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  testId: string;
}

/**
 * The foot of a short paged list shown in full (not virtualised): "pull up for more" is a button that fetches
 * the next page, then loading, then no more data.
 */
export function LoadMoreFooter({ hasMore, loading, onMore, testId }: LoadMoreFooterProps) {
  if (!hasMore || loading) return <ListFooter state={loading ? 'loading' : 'none'} />;
  return (
    <button type="button" className="cl-load-more" onClick={onMore} data-testid={testId}>
      <ListFooter state="more" />
    </button>
  );
}
