import { formatPercent } from '@coinlens/contract';
import { useRef } from 'react';

import type { LiveCellKey } from '../lib/live/live-cells';
import { useLiveCell, writeText } from '../lib/live/live-cells';

export type Direction = 'up' | 'down' | 'flat';

export function directionOf(value: number | null | undefined): Direction {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'flat';
  // The same rounding as the text: a change that shows as 0.00% is flat.
  if (Math.abs(value) < 0.005) return 'flat';
  return value > 0 ? 'up' : 'down';
}

export interface ChangeProps {
  /** Percent. */
  value: number | null | undefined;
  /** A filled pill (list rows) or coloured text. */
  pill?: boolean;
  className?: string;
  /** A coin's live field: ticks write the change and its colour straight into the element. */
  live?: LiveCellKey;
}

function classesOf(direction: Direction, pill: boolean, className: string | undefined): string {
  return [pill ? 'cl-change-pill' : 'cl-change', `cl-${direction}`, className].filter(Boolean).join(' ');
}

/** A percentage change coloured by the up/down setting (CSS variables --cl-up / --cl-down). */
export function Change({ value, pill = false, className, live }: ChangeProps) {
  const direction = directionOf(value);
  const ref = useRef<HTMLSpanElement>(null);
  useLiveCell(ref, live, value, (element, change) => {
    const moved = directionOf(change);
    writeText(element, formatPercent(change));
    if (element.dataset.direction !== moved) {
      element.className = classesOf(moved, pill, className);
      element.dataset.direction = moved;
    }
  });
  return (
    <span ref={ref} className={classesOf(direction, pill, className)} data-direction={direction}>
      {formatPercent(value)}
    </span>
  );
}
