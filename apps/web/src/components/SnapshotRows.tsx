import type { ReactNode } from 'react';

import { VirtualList } from './VirtualList';
import { OfflineBanner } from './OfflineBanner';

export interface SnapshotRowsProps<T> {
  items: readonly T[];
  savedAt: number;
  rowHeight: number;
  getKey: (item: T) => string;
  renderRow: (item: T) => ReactNode;
  /** The test id of the rows, the same as the live list's so a screen reads alike either way. */
  testId: string;
  label: string;
}

const noMorePages = () => undefined;

/** A kept list shown while offline: the banner with its age, then its rows (no paging: only they were kept). */
export function SnapshotRows<T>({
  items,
  savedAt,
  rowHeight,
  getKey,
  renderRow,
  testId,
  label,
}: SnapshotRowsProps<T>) {
  return (
    <div data-testid="offline-snapshot">
      <OfflineBanner savedAt={savedAt} />
      <VirtualList
        items={items}
        rowHeight={rowHeight}
        getKey={getKey}
        renderRow={renderRow}
        hasMore={false}
        loadingMore={false}
        onLoadMore={noMorePages}
        testId={testId}
        label={label}
      />
    </div>
  );
}
