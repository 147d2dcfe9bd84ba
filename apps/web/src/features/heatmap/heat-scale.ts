/** Bounds, in percent of 24 h change, between the four shades of each direction. */
export const HEAT_BOUNDS = [1, 3, 6] as const;

export type HeatDirection = 'up' | 'down';
export type HeatLevel = 1 | 2 | 3 | 4;
/** A tile's shade: flat, or a direction and how strongly (CSS classes `cl-heat-<shade>`). */
export type Heat = 'flat' | `${HeatDirection}-${HeatLevel}`;

/**
 * The shade of a 24 h change: flat when missing or when it shows as 0.00 %, else 1 below 1 %, 2 below 3 %,
 * 3 below 6 %, 4 from 6 % on, in its direction. The colours themselves follow the up/down setting (CSS).
 */
export function heatOf(change: number | null | undefined): Heat {
  if (change === null || change === undefined || !Number.isFinite(change)) return 'flat';
  const magnitude = Math.abs(change);
  if (magnitude < 0.005) return 'flat';
  const level = (HEAT_BOUNDS.findIndex((bound) => magnitude < bound) + 1 ||
    HEAT_BOUNDS.length + 1) as HeatLevel;
  return `${change > 0 ? 'up' : 'down'}-${level}`;
}

/** The legend, from the deepest fall to the strongest rise. */
export const LEGEND: readonly { heat: Heat; label: string }[] = [
  { heat: 'down-4', label: `−${HEAT_BOUNDS[2]}%` },
  { heat: 'down-3', label: `−${HEAT_BOUNDS[1]}%` },
  { heat: 'down-2', label: `−${HEAT_BOUNDS[0]}%` },
  { heat: 'down-1', label: '' },
  { heat: 'flat', label: '0' },
  { heat: 'up-1', label: '' },
  { heat: 'up-2', label: `+${HEAT_BOUNDS[0]}%` },
  { heat: 'up-3', label: `+${HEAT_BOUNDS[1]}%` },
  { heat: 'up-4', label: `+${HEAT_BOUNDS[2]}%` },
];

/** Average advance of a bold capital or digit, in ems (a little generous, so text never spills). */
const CHAR_EM = 0.66;
const LINE_EM = 1.2;
/** The change line's size relative to the symbol's. */
const CHANGE_SCALE = 0.8;
/** Longest change text: "+12.34%". */
const CHANGE_CHARS = 7;
const PADDING = 4;
export const MIN_FONT = 9;
export const MAX_FONT = 28;

export interface LabelFit {
  /** The symbol's font size in pixels (the change line is 0.8 of it). */
  fontSize: number;
  showSymbol: boolean;
  showChange: boolean;
}

/**
 * What of "SYMBOL / +1.23%" fits a tile: the largest font from 9 to 28 px at which the symbol (and, where
 * there is room, the change under it) fits inside the tile less 4 px of padding; nothing below 9 px.
 */
export function labelFit(width: number, height: number, symbol: string): LabelFit {
  const innerWidth = width - PADDING;
  const innerHeight = height - PADDING;
  const symbolChars = Math.max(symbol.length, 1);
  const bySymbolWidth = innerWidth / (symbolChars * CHAR_EM);
  const byChangeWidth = innerWidth / (CHANGE_CHARS * CHAR_EM * CHANGE_SCALE);
  const twoLines = Math.floor(
    Math.min(bySymbolWidth, byChangeWidth, innerHeight / ((1 + CHANGE_SCALE) * LINE_EM), MAX_FONT),
  );
  if (twoLines >= MIN_FONT) return { fontSize: twoLines, showSymbol: true, showChange: true };
  const oneLine = Math.floor(Math.min(bySymbolWidth, innerHeight / LINE_EM, MAX_FONT));
  if (oneLine >= MIN_FONT) return { fontSize: oneLine, showSymbol: true, showChange: false };
  return { fontSize: MIN_FONT, showSymbol: false, showChange: false };
}

/** How much room a fitted label takes, in pixels (for tests and layout checks). */
export function labelExtent(fit: LabelFit, symbol: string): { width: number; height: number } {
  if (!fit.showSymbol) return { width: 0, height: 0 };
  const symbolWidth = Math.max(symbol.length, 1) * CHAR_EM * fit.fontSize;
  if (!fit.showChange) return { width: symbolWidth, height: LINE_EM * fit.fontSize };
  const changeWidth = CHANGE_CHARS * CHAR_EM * CHANGE_SCALE * fit.fontSize;
  return {
    width: Math.max(symbolWidth, changeWidth),
    height: (1 + CHANGE_SCALE) * LINE_EM * fit.fontSize,
  };
}
