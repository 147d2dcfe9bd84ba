import { formatPercent, type CoinListItem } from '@coinlens/contract';
import { memo, useRef } from 'react';

import { coinCell, useLiveCell, writeText } from '@/lib/live/live-cells';
import { heatOf, labelFit, type Heat } from './heat-scale';
import type { Rect } from './treemap';

export interface HeatTileProps {
  coin: CoinListItem;
  rect: Rect;
  /** ", Bitcoin, market cap $1.2T": read after the symbol and change, shown to screen readers only. */
  detail: string;
  onOpen: (coin: CoinListItem) => void;
}

function tileClass(heat: Heat): string {
  return `cl-heat-tile cl-heat-${heat}`;
}

/**
 * One coin's tile: positioned by the layout, shaded by its 24 h change. Ticks write the change's text and
 * shade into the element (a live cell), so 100 tiles do not re-render every second; the layout (areas)
 * follows market caps at the next render. The symbol and change are always in the button's text (its
 * accessible name); where they do not fit they are visually hidden.
 */
export const HeatTile = memo(function HeatTile({ coin, rect, detail, onOpen }: HeatTileProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const fit = labelFit(rect.width, rect.height, coin.symbol);
  useLiveCell(ref, coinCell(coin.id, 'change_24h'), coin.change_24h, (element, change) => {
    const heat = heatOf(change);
    if (element.dataset.heat !== heat) {
      element.className = tileClass(heat);
      element.dataset.heat = heat;
    }
    const line = element.querySelector<HTMLElement>('.cl-heat-change');
    if (line) writeText(line, formatPercent(change));
  });
  const heat = heatOf(coin.change_24h);
  const shown = (visible: boolean, className: string) =>
    visible ? className : `${className} cl-visually-hidden`;
  return (
    <button
      ref={ref}
      type="button"
      className={tileClass(heat)}
      data-heat={heat}
      data-testid="heat-tile"
      data-coin={coin.id}
      style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height, fontSize: fit.fontSize }}
      onClick={() => onOpen(coin)}
    >
      <span className={shown(fit.showSymbol, 'cl-heat-symbol')}>{coin.symbol.toUpperCase()}</span>{' '}
      <span className={shown(fit.showChange, 'cl-heat-change')}>{formatPercent(coin.change_24h)}</span>
      <span className="cl-visually-hidden">{detail}</span>
    </button>
  );
});
