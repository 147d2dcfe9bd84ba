import { memo } from 'react';

import { directionOf } from './Change';

export interface SparklineProps {
  /** Values 0–100 (the 7-day shape of the list answers), oldest first. */
  points: readonly number[];
  width?: number;
  height?: number;
  label?: string;
}

/** The SVG path of a 0–100 series scaled into the box (y grows downwards). */
export function sparklinePath(points: readonly number[], width: number, height: number): string {
  if (points.length < 2) return '';
  const step = width / (points.length - 1);
  return points
    .map((point, index) => {
      const y = height - (Math.min(100, Math.max(0, point)) / 100) * (height - 2) - 1;
      return `${index === 0 ? 'M' : 'L'}${(index * step).toFixed(1)} ${y.toFixed(1)}`;
    })
    .join('');
}

/** A 7-day trend line, coloured by the direction from first to last point. */
export const Sparkline = memo(function Sparkline({ points, width = 56, height = 24, label }: SparklineProps) {
  const first = points[0];
  const last = points[points.length - 1];
  const direction = first === undefined || last === undefined ? 'flat' : directionOf(last - first);
  return (
    <svg
      className={`cl-sparkline cl-${direction}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path
        d={sparklinePath(points, width, height)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
});
