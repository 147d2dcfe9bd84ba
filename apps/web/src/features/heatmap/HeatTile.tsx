import { formatPercent, type CoinListItem } from '@coinlens/contract';
import { memo, useRef } from 'react';

import { coinCell, useLiveCell, writeText } from '@/lib/live/live-cells';
import { heatOf, labelFit, type Heat } from './heat-scale';
import type { Rect } from './treemap';

export interface HeatTileProps {
  coin: CoinListItem;
  rect: Rect;
  /** "Bitcoin, +1.23%, market cap $1.2T" for screen readers; `{change}` is replaced as ticks arrive. */
  describe: (change: string) => string;
  onOpen: (coin: CoinListItem) => void;
}

function tileClass(heat: Heat): string {
  return `cl-heat-tile cl-heat-${heat}`;
}

/**
 * One coin's tile: positioned by the layout, shaded by its 24 h change. Ticks write the change's text, shade
 * and label into the element (a live cell), so 100 tiles do not re-render every second; the layout (areas)
 * follows market caps at the next render.
 */
export const HeatTile = memo(function HeatTile({ coin, rect, describe, onOpen }: HeatTileProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const fit = labelFit(rect.width, rect.height, coin.symbol);
  useLiveCell(ref, coinCell(coin.id, 'change_24h'), coin.change_24h, (element, change) => {
    const heat = heatOf(change);
    if (element.dataset.heat !== heat) {
      element.className = tileClass(heat);
      element.dataset.heat = heat;
    }
    const text = formatPercent(change);
    element.setAttribute('aria-label', describe(text));
    const line = element.querySelector<HTMLElement>('.cl-heat-change');
    if (line) writeText(line, text);
  });
  const heat = heatOf(coin.change_24h);
  return (
    <button
      ref={ref}
      type="button"
      className={tileClass(heat)}
      data-heat={heat}
      data-testid="heat-tile"
      data-coin={coin.id}
      aria-label={describe(formatPercent(coin.change_24h))}
      style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height, fontSize: fit.fontSize }}
      onClick={() => onOpen(coin)}
    >
      {fit.showSymbol && (
        <span className="cl-heat-symbol" aria-hidden="true">
          {coin.symbol.toUpperCase()}
        </span>
      )}
      {fit.showChange && (
        <span className="cl-heat-change" aria-hidden="true">
          {formatPercent(coin.change_24h)}
        </span>
      )}
    </button>
  );
});
