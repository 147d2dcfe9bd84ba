import { Button } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { FOLLOW_LIMIT, type CoinListItem, type ExchangeListItem } from '@coinlens/contract';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { Logo } from '@/components/Logo';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { useWatchList, useWatchListMutation, type WatchKind } from '../api/watch-list-queries';
import { moveItem, shiftOf } from '../reorder';
import { useDragReorder } from '../hooks/use-drag-reorder';
import './watch-list-editor.css';

const ROW_HEIGHT = 60;

interface EditorItem {
  id: string;
  title: string;
  subtitle: string;
  logo: string;
}

function editorItem(item: CoinListItem | ExchangeListItem): EditorItem {
  return 'symbol' in item
    ? { id: item.id, title: item.symbol, subtitle: item.local_name, logo: item.logo }
    : { id: item.id, title: item.local_name || item.name, subtitle: item.name, logo: item.logo };
}

function EditorList({ kind, items }: { kind: WatchKind; items: readonly EditorItem[] }) {
  const { t } = useTranslation();
  const mutation = useWatchListMutation(kind);
  const [order, setOrder] = useState<string[]>(() => items.map((item) => item.id));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    setOrder(items.map((item) => item.id));
    setSelected((current) => new Set([...current].filter((id) => items.some((item) => item.id === id))));
  }, [items]);
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const rows = order.flatMap((id) => byId.get(id) ?? []);

  const reorder = (from: number, to: number) => {
    const next = moveItem(order, from, to);
    setOrder(next);
    mutation.mutate({ action: 'sort', ids: next });
  };
  const { drag, handleProps } = useDragReorder(ROW_HEIGHT, rows.length, reorder);
  const onHandleKey = (index: number, event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0 || index + step < 0 || index + step >= rows.length) return;
    event.preventDefault();
    reorder(index, index + step);
    // Keep the focus on the handle of the row that moved.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-testid="drag-${rows[index]?.id ?? ''}"]`)?.focus(),
    );
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allSelected = rows.length > 0 && selected.size === rows.length;

  return (
    <>
      <ul
        className="cl-editor-list"
        style={{ height: rows.length * ROW_HEIGHT }}
        data-testid="editor-list"
        data-order={order.join(',')}
      >
        {rows.map((item, index) => {
          const dragging = drag?.from === index;
          const offset = drag ? (dragging ? drag.offset : shiftOf(index, drag.from, drag.to, ROW_HEIGHT)) : 0;
          return (
            <li
              key={item.id}
              className={dragging ? 'cl-editor-row cl-editor-row-dragging' : 'cl-editor-row'}
              style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT + offset}px)` }}
              data-testid={`editor-row-${item.id}`}
            >
              <label className="cl-editor-pick">
                <input
                  type="checkbox"
                  checked={selected.has(item.id)}
                  onChange={() => toggle(item.id)}
                  data-testid={`select-${item.id}`}
                />
                <Logo src={item.logo} name={item.title} size={28} />
                <span className="cl-editor-names">
                  <span className="cl-editor-title">{item.title}</span>
                  <span className="cl-editor-subtitle">{item.subtitle}</span>
                </span>
              </label>
              <button
                type="button"
                className="cl-editor-handle"
                aria-label={t('editor.drag', { name: item.title })}
                aria-keyshortcuts="ArrowUp ArrowDown"
                onKeyDown={(event) => onHandleKey(index, event)}
                data-testid={`drag-${item.id}`}
                {...handleProps(index)}
              >
                <span aria-hidden="true">≡</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="cl-page-hint">{t('editor.hint')}</p>
      <div className="cl-editor-bar">
        <Button
          size="small"
          fill="none"
          onClick={() => setSelected(allSelected ? new Set() : new Set(order))}
          data-testid="editor-select-all"
        >
          {allSelected ? t('editor.selectNone') : t('editor.selectAll')}
        </Button>
        <Button
          size="small"
          color="danger"
          disabled={selected.size === 0}
          loading={mutation.isPending && mutation.variables?.action === 'remove'}
          onClick={() => mutation.mutate({ action: 'remove', ids: [...selected] })}
          data-testid="editor-remove"
        >
          {t('editor.remove', { count: selected.size })}
        </Button>
      </div>
    </>
  );
}

/**
 * Edit follow / Edit platform follow: the user's list in its order, multi-select remove, drag (or arrow keys
 * on the handle) to reorder, saved through `watch_*_sort`; adding goes through search, where results can be
 * followed. The server refuses an 11th item with 3009, shown as its message.
 */
export function WatchListEditor({ kind }: { kind: WatchKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useWatchList(kind);
  const items = useMemo(
    () =>
      (query.data?.list as readonly (CoinListItem | ExchangeListItem)[] | undefined)?.map(editorItem) ?? [],
    [query.data],
  );
  const add = () =>
    void navigate({ to: paths.search, search: { type: kind === 'coins' ? 'coin' : 'exchange' } });
  const addLabel = kind === 'coins' ? t('editor.addCoins') : t('editor.addExchanges');
  return (
    <QueryView query={query} testId="editor">
      {() => (
        <div className="cl-editor" data-testid={`editor-${kind}`}>
          <div className="cl-editor-top">
            <span className="cl-muted" data-testid="editor-count">
              {t('editor.count', { count: items.length, limit: FOLLOW_LIMIT })}
            </span>
            <Button
              size="small"
              color="primary"
              fill="outline"
              disabled={items.length >= FOLLOW_LIMIT}
              onClick={add}
              data-testid="editor-add"
            >
              {addLabel}
            </Button>
          </div>
          {items.length === 0 ? (
            <EmptyState
              testId="editor-empty"
              title={kind === 'coins' ? t('follow.emptyCoins') : t('follow.emptyExchanges')}
              action={
                <Button color="primary" size="small" onClick={add}>
                  {addLabel}
                </Button>
              }
            />
          ) : (
            <EditorList kind={kind} items={items} />
          )}
        </div>
      )}
    </QueryView>
  );
}
