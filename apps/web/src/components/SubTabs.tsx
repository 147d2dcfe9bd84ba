import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import './sub-tabs.css';

export interface SubTab<K extends string> {
  key: K;
  title: ReactNode;
  testId?: string;
}

export interface SubTabsProps<K extends string> {
  tabs: readonly SubTab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** The panel of a tab; only the active one is rendered, unless `keepVisited`. */
  renderPanel: (key: K) => ReactNode;
  /** Keep a visited tab's panel mounted (hidden) so coming back shows it as it was. */
  keepVisited?: boolean;
  className?: string;
  /** A sticky tab row: it stays at the top of the scrolling page. */
  sticky?: boolean;
}

const NEXT_KEY: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of sub-tabs over their panels (Markets, Exchanges, Quicktake, search, alerts, a coin's news): a WAI-ARIA
 * tablist of buttons, with arrow keys, Home and End, and an underline drawn by CSS. It replaced antd-mobile's
 * Tabs, whose animated ink bar (react-spring) cost the Markets tab's first screen ~60 ms of main thread at 4×
 * CPU slowdown and its code (issue 23).
 */
export function SubTabs<K extends string>({
  tabs,
  activeKey,
  onChange,
  renderPanel,
  keepVisited = false,
  className,
  sticky = false,
}: SubTabsProps<K>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([activeKey]));
  if (keepVisited && !visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));

  // The active tab is scrolled into the row when it is off screen (a narrow phone, a long language); the
  // row alone scrolls, never the page. On the first render this waits for the frame after it: reading offsets
  // during the commit would force the whole page's first layout there (~40 ms at 4× on Markets, issue 23).
  const mounted = useRef(false);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    const reveal = () => {
      const list = listRef.current;
      const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!list || !tab) return;
      const start = tab.offsetLeft;
      const end = start + tab.offsetWidth;
      const behavior = first ? 'instant' : 'smooth';
      if (start < list.scrollLeft) list.scrollTo({ left: start, behavior });
      else if (end > list.scrollLeft + list.clientWidth)
        list.scrollTo({ left: end - list.clientWidth, behavior });
    };
    if (!first) {
      reveal();
      return undefined;
    }
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(reveal, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [activeKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_KEY[event.key];
    const index = tabs.findIndex((tab) => tab.key === activeKey);
    if (!next || index < 0) return;
    event.preventDefault();
    const target = tabs[next(index, tabs.length)];
    if (!target) return;
    onChange(target.key);
    listRef.current?.querySelector<HTMLElement>(`[data-key="${target.key}"]`)?.focus();
  };

  const panelKeys = keepVisited
    ? tabs.filter((tab) => visited.has(tab.key))
    : tabs.filter((tab) => tab.key === activeKey);
  return (
    <div className={className ? `cl-sub-tabs ${className}` : 'cl-sub-tabs'}>
      <div
        ref={listRef}
        role="tablist"
        className={sticky ? 'cl-sub-tabs-list cl-sub-tabs-sticky' : 'cl-sub-tabs-list'}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={active}
              // Only a rendered panel can be named: a reference to a missing id is invalid ARIA.
              aria-controls={panelKeys.includes(tab) ? `${id}-panel-${tab.key}` : undefined}
              tabIndex={active ? 0 : -1}
              className="cl-sub-tab"
              data-key={tab.key}
              data-testid={tab.testId}
              onClick={() => {
                if (!active) onChange(tab.key);
              }}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {panelKeys.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          className="cl-sub-tabs-panel"
          hidden={tab.key !== activeKey}
        >
          {renderPanel(tab.key)}
        </div>
      ))}
    </div>
  );
}
