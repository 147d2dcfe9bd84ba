import { memo, useRef, type Ref } from 'react';

import './market-ui.css';

import type { LiveCellKey } from '../lib/live/live-cells';
import { useLiveCell, writeText } from '../lib/live/live-cells';
import { formatCompactMoney, formatMoney } from '../lib/money-format';
import { useSettingsStore } from '../lib/settings-store';
import { useDisplayLanguage } from '../lib/use-display-language';
import { flashMove } from '../lib/use-flash';

export interface MoneyProps {
  value: number | null | undefined;
  /** Abbreviated in the language's units (market caps, volumes) instead of a full price. */
  compact?: boolean;
  className?: string;
  /** A coin's live field: ticks write the amount straight into the element (lib/live/live-cells.ts). */
  live?: LiveCellKey;
  /** With `live`: tinted for a moment by the way a tick moves the amount. */
  flash?: boolean;
  /** The element, for a cell that is not `live` (a live cell's element is registered by the cell itself). */
  ref?: Ref<HTMLSpanElement>;
}

/**
 * Memo's comparison, except that a live cell renders whenever its row does: the row's render re-asserts the
 * cached value over a tick's text even when the value is the one this cell last rendered.
 */
function sameRender(before: MoneyProps, after: MoneyProps): boolean {
  if (after.live !== undefined) return false;
  const keys = Object.keys(after) as (keyof MoneyProps)[];
  return (
    keys.length === Object.keys(before).length && keys.every((key) => Object.is(before[key], after[key]))
  );
}

/** An amount in the chosen display currency (the price setting of decision D14), with its symbol. */
export const Money = memo(function Money({
  value,
  compact = false,
  className,
  live,
  flash,
  ref,
}: MoneyProps) {
  const unit = useSettingsStore((state) => state.price.unit);
  const language = useDisplayLanguage();
  const text = (amount: number | null | undefined) =>
    compact ? formatCompactMoney(amount, unit, language) : formatMoney(amount, unit);
  const liveRef = useRef<HTMLSpanElement>(null);
  useLiveCell(liveRef, live, value, (element, amount, before) => {
    writeText(element, text(amount));
    if (flash) flashMove(element, before, amount);
  });
  return (
    <span className={className} ref={live ? liveRef : ref}>
      {text(value)}
    </span>
  );
}, sameRender);
