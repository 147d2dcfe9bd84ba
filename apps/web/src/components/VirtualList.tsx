import { useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { ListFooter, type ListFooterState } from './ListFooter';

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** Pull-up paging: called when the last rows come into view while more exist. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The ids of the rows on screen (live subscriptions follow them). */
  onVisibleChange?: (items: readonly T[]) => void;
  testId?: string;
  label?: string;
}

/** How many rows before the end the next page is asked for. */
const PRELOAD_ROWS = 10;

function scrollParent(element: HTMLElement | null): HTMLElement | null {
  return element?.closest<HTMLElement>('.cl-page-body') ?? null;
}

/**
 * The scrolling body's size, from its ResizeObserver alone. The virtualizer's own observer also reads it at
 * once, inside React's commit, which forced the first screen's whole layout there (~40 ms of a 1× CPU, issue
 * 23); the observer's first call comes right after the frame's own layout, and the window's size stands in
 * until then.
 */
function observeSizeAfterLayout(
  instance: Virtualizer<HTMLElement, Element>,
  onSize: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (element === null) return undefined;
  const observer = new ResizeObserver(() =>
    onSize({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * A long list with fixed-height rows in the page's scrolling body: only the rows near the viewport are in
 * the DOM (a 321-coin list stays a few hundred elements), with the three pull-up states at its foot.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  hasMore,
  loadingMore,
  onLoadMore,
  onVisibleChange,
  testId,
  label,
}: VirtualListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const list = listRef.current;
    const parent = scrollParent(list);
    if (!list || !parent) return undefined;
    const measure = () =>
      setScrollMargin(
        list.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop,
      );
    // Not measured here: reading a position now would force the first screen's whole layout inside React's
    // commit (~20 ms on a phone, issue 23). The observer's first call comes right after the frame's own layout;
    // until then the rows are placed right (their offsets are relative to the list) and only the range of rows
    // rendered assumes the list starts at the top.
    const observer = new ResizeObserver(measure);
    observer.observe(parent);
    if (parent.firstElementChild) observer.observe(parent.firstElementChild);
    return () => observer.disconnect();
  }, []);

  // A live tick replaces the items with patched copies but keeps their order: the key function (and with it
  // the virtualizer's measurements of every row) changes only when the ids or their order do.
  const ids = useMemo(() => items.map(getKey), [items, getKey]);
  const idOrder = ids.join('\n');
  const idsRef = useRef(ids);
  idsRef.current = ids;
  // idOrder stands for the ids read through the ref.
  const getItemKey = useCallback((index: number) => idsRef.current[index] ?? index, [idOrder]);
  const virtualizer = useVirtualizer({
    count: items.length,
    // Read by the virtualizer after React has attached the list (its layout effect), so no render waits for it.
    getScrollElement: () => scrollParent(listRef.current),
    observeElementRect: observeSizeAfterLayout,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin,
    getItemKey,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;
  const firstIndex = virtualItems[0]?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= items.length - PRELOAD_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, items.length, onLoadMore]);

  const visibleIds = lastIndex >= 0 ? ids.slice(firstIndex, lastIndex + 1).join('\n') : '';
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // Keyed by the visible ids: a tick's new copies of the same rows change nothing here.
  useEffect(() => {
    if (onVisibleChange && visibleIds !== '')
      onVisibleChange(itemsRef.current.slice(firstIndex, lastIndex + 1));
  }, [visibleIds, onVisibleChange]);

  const footer: ListFooterState = loadingMore ? 'loading' : hasMore ? 'more' : 'none';
  return (
    <>
      <div
        ref={listRef}
        className="cl-virtual-list"
        role="list"
        aria-label={label}
        data-testid={testId}
        data-count={items.length}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualItems.map((virtualItem) => {
          const item = items[virtualItem.index];
          if (item === undefined) return null;
          return (
            <div
              key={virtualItem.key}
              role="listitem"
              className="cl-virtual-row"
              style={{ height: rowHeight, transform: `translateY(${virtualItem.start - scrollMargin}px)` }}
            >
              {renderRow(item, virtualItem.index)}
            </div>
          );
        })}
      </div>
      <ListFooter state={footer} />
    </>
  );
}
