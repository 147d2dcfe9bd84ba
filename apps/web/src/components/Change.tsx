import { formatPercent } from '@coinlens/contract';

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
}

/** A percentage change coloured by the up/down setting (CSS variables --cl-up / --cl-down). */
export function Change({ value, pill = false, className }: ChangeProps) {
  const direction = directionOf(value);
  const classes = [pill ? 'cl-change-pill' : 'cl-change', `cl-${direction}`, className]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes} data-direction={direction}>
      {formatPercent(value)}
    </span>
  );
}
