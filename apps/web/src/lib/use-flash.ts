import { useEffect, useRef, type RefObject } from 'react';

/** How long a tint shows when no later tick ends it sooner. */
export const FLASH_MAX_MS = 1_500;
/** A tint younger than this is not ended by another tick's writes (the same tick may write in several tasks). */
const FLASH_MIN_MS = 300;

/**
 * The tints on now: one batch, begun at `batchStart`. A later tick's first tint ends the whole batch in its
 * own task, so the tints' end is drawn in the frame that draws the tick (one frame a tick, not two); the timer
 * ends a batch that no tick follows (a slower refresh rate, a quiet market).
 */
const tinted = new Set<HTMLElement>();
let batchStart = 0;
let endTimer: ReturnType<typeof setTimeout> | null = null;

function endTints(): void {
  if (endTimer !== null) clearTimeout(endTimer);
  endTimer = null;
  for (const element of tinted) delete element.dataset.flash;
  tinted.clear();
}

function tint(element: HTMLElement, direction: 'up' | 'down'): void {
  const now = performance.now();
  if (tinted.size > 0 && now - batchStart >= FLASH_MIN_MS) endTints();
  if (tinted.size === 0) {
    batchStart = now;
    if (endTimer !== null) clearTimeout(endTimer);
    endTimer = setTimeout(endTints, FLASH_MAX_MS);
  }
  element.dataset.flash = direction;
  tinted.add(element);
}

/** Tints the element by the way a value moved from `before` to `after`; nothing when either is missing. */
export function flashMove(
  element: HTMLElement,
  before: number | null | undefined,
  after: number | null | undefined,
): void {
  if (before === null || before === undefined || after === null || after === undefined) return;
  if (before !== after) tint(element, after > before ? 'up' : 'down');
}

/**
 * Tints the element green or red when `value` moves (a live price tick): `data-flash` set now and removed by
 * the next tick that moves a price, or FLASH_MAX_MS later (see .cl-price in market-ui.css). No React state and
 * no animation: a fading tint repaints every frame while it runs, which cost ~150 ms of main thread a tick at
 * 4× slowdown (issue 23), and a timer of its own per tick drew a second frame for the tint's end.
 */
export function useFlash<E extends HTMLElement>(value: number | null | undefined): RefObject<E | null> {
  const ref = useRef<E>(null);
  const previous = useRef(value);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (ref.current) flashMove(ref.current, before, value);
  }, [value]);
  useEffect(() => {
    const element = ref.current;
    return () => {
      if (element) tinted.delete(element);
    };
  }, []);
  return ref;
}
