import type { CoinTick, GlobalTick } from '@coinlens/contract';
import { useLayoutEffect, useRef, type RefObject } from 'react';

import { GLOBAL_TOPIC, coinTopic } from './topics';

type NumericFields<T> = { [Field in keyof T]: T[Field] extends number | null ? Field : never }[keyof T];

/** The live fields of a coin that are numbers (what a row shows). */
export type LiveCoinField = NumericFields<CoinTick>;
/** The market-wide live figures that are numbers. */
export type LiveGlobalField = NumericFields<GlobalTick>;

/** Which live value an element shows: a field of the topic that carries it. */
export interface LiveCellKey {
  topic: string;
  field: string;
}

export function coinCell(coinId: string, field: LiveCoinField): LiveCellKey {
  return { topic: coinTopic(coinId), field };
}

export function globalCell(field: LiveGlobalField): LiveCellKey {
  return { topic: GLOBAL_TOPIC, field };
}

/** Puts a value into its element (text, and a tint or colour class where the cell has one). */
export type ShowValue = (element: HTMLElement, value: number | null, before: number | null) => void;

interface LiveCell extends LiveCellKey {
  element: HTMLElement;
  show: ShowValue;
  /** The value the element shows now, whoever wrote it (React's render or a tick). */
  shown: number | null;
}

/** The cells on screen by topic: a tick writes into these, React does not render for it. */
const cellsByTopic = new Map<string, Set<LiveCell>>();

function showIn(cell: LiveCell, value: number | null): void {
  if (cell.shown === value) return;
  const before = cell.shown;
  cell.shown = value;
  cell.show(cell.element, value, before);
}

/** Replaces the element's text, in place when it is a single text node (no new node, no re-parse). */
export function writeText(element: HTMLElement, text: string): void {
  const node = element.firstChild;
  if (node !== null && node === element.lastChild && node.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (element.textContent !== text) element.textContent = text;
}

/** Writes one topic's changes into its cells on screen; cells whose value did not move are untouched. */
export function showChanges(topic: string, changes: Readonly<Record<string, unknown>>): void {
  const cells = cellsByTopic.get(topic);
  if (cells === undefined) return;
  for (const cell of cells) {
    const value = changes[cell.field];
    if (typeof value === 'number' || value === null) showIn(cell, value);
  }
}

function register(cell: LiveCell): void {
  let cells = cellsByTopic.get(cell.topic);
  if (cells === undefined) {
    cells = new Set();
    cellsByTopic.set(cell.topic, cells);
  }
  cells.add(cell);
}

function unregister(cell: LiveCell): void {
  const cells = cellsByTopic.get(cell.topic);
  cells?.delete(cell);
  if (cells?.size === 0) cellsByTopic.delete(cell.topic);
}

/**
 * Makes the element a live cell of `key` (none when undefined): ticks write into it through `show` without
 * rendering. React's own render of `value` stays the truth whenever it renders: after each render the cell
 * is shown that value again, so a render of an answer older than the last tick cannot leave the tick's text
 * on screen. `show` may change from render to render (a new currency unit); the latest one is used. One
 * element may be the cell of several fields (a bar drawn from three counts).
 */
export function useLiveCell(
  elementRef: RefObject<HTMLElement | null>,
  key: LiveCellKey | undefined,
  value: number | null | undefined,
  show: ShowValue,
): void {
  const cellRef = useRef<LiveCell | null>(null);
  const shown = value ?? null;
  useLayoutEffect(() => {
    const element = elementRef.current;
    let cell = cellRef.current;
    if (
      cell !== null &&
      (cell.element !== element || cell.topic !== key?.topic || cell.field !== key.field)
    ) {
      unregister(cell);
      cell = null;
    }
    if (cell === null && element !== null && key !== undefined) {
      // React has just rendered `value` into it.
      cell = { ...key, element, show, shown };
      register(cell);
    } else if (cell !== null) {
      cell.show = show;
      showIn(cell, shown);
    }
    cellRef.current = cell;
  });
  useLayoutEffect(
    () => () => {
      if (cellRef.current !== null) unregister(cellRef.current);
      cellRef.current = null;
    },
    [],
  );
}
