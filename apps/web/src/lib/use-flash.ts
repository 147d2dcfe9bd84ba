import { useEffect, useRef, type RefObject } from 'react';

const FLASH_MS = 600;

/** Elements tinted now, with when their tint ends; one timer clears them all (a tick flashes many at once). */
const tinted = new Map<HTMLElement, number>();
let clearTimer: ReturnType<typeof setTimeout> | null = null;

function clearExpired(): void {
  clearTimer = null;
  const now = performance.now();
  let next = Infinity;
  for (const [element, until] of tinted) {
    if (until <= now) {
      delete element.dataset.flash;
      tinted.delete(element);
    } else next = Math.min(next, until);
  }
  if (next !== Infinity) clearTimer = setTimeout(clearExpired, next - now);
}

function tint(element: HTMLElement, direction: 'up' | 'down'): void {
  element.dataset.flash = direction;
  tinted.set(element, performance.now() + FLASH_MS);
  clearTimer ??= setTimeout(clearExpired, FLASH_MS);
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
 * Tints the element green or red for a moment when `value` moves (a live price tick): `data-flash` set now and
 * removed FLASH_MS later (see .cl-price in market-ui.css). No React state and no animation — a fading tint
 * repaints every frame while it runs, which cost ~150 ms of main thread a tick at 4× slowdown (issue 23) —
 * so a tick costs two style changes per moved price.
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
