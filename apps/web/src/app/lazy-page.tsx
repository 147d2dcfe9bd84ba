import { useEffect, useState, type ComponentType } from 'react';

import { ErrorView } from '../components/ErrorView';
import { LoadingView } from '../components/LoadingView';
import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '../config/app';

export class PageLoadTimeoutError extends Error {
  override readonly name = 'PageLoadTimeoutError';
}

export interface DeadlineOptions {
  /** After this long without the module, `onSlow` fires (the loading indicator appears). */
  delayMs: number;
  /** After this long without the module, the promise rejects with PageLoadTimeoutError. */
  timeoutMs: number;
  onSlow: () => void;
}

/** Runs a loader with two clocks: indicator only after `delayMs`, failure after `timeoutMs`. */
export function loadWithDeadline<T>(load: () => Promise<T>, options: DeadlineOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const slowTimer = setTimeout(() => {
      if (!settled) options.onSlow();
    }, options.delayMs);
    const timeoutTimer = setTimeout(() => {
      finish();
      reject(new PageLoadTimeoutError(`Page did not load within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    function finish(): boolean {
      if (settled) return false;
      settled = true;
      clearTimeout(slowTimer);
      clearTimeout(timeoutTimer);
      return true;
    }
    load().then(
      (value) => {
        if (finish()) resolve(value);
      },
      (error: unknown) => {
        if (finish()) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface PageModule<P> {
  default: ComponentType<P>;
}

export type LazyPhase = 'pending' | 'slow' | 'failed';

export interface LazyPageOptions {
  delayMs?: number;
  timeoutMs?: number;
}

export interface LazyPageComponent<P> {
  (props: P): React.ReactNode;
  /** Starts fetching the chunk early (e.g. on tab hover); safe to call repeatedly. */
  preload: () => void;
}

/**
 * A page body in its own chunk: nothing for the first 200 ms, then the loading indicator; after 60 s without
 * the chunk, the error view, whose tap reloads the page (business constants, docs/decisions.md). A loaded
 * chunk is kept, so coming back to the page renders at once.
 */
export function lazyPage<P extends object>(
  load: () => Promise<PageModule<P>>,
  { delayMs = PAGE_LOAD_DELAY_MS, timeoutMs = PAGE_LOAD_TIMEOUT_MS }: LazyPageOptions = {},
): LazyPageComponent<P> {
  let loaded: ComponentType<P> | null = null;

  function LazyPage(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [phase, setPhase] = useState<LazyPhase>('pending');

    useEffect(() => {
      if (Component) return;
      let active = true;
      loadWithDeadline(load, { delayMs, timeoutMs, onSlow: () => active && setPhase('slow') }).then(
        (module) => {
          loaded = module.default;
          if (active) setComponent(() => module.default);
        },
        (error: unknown) => {
          console.error('Page failed to load', error);
          if (active) setPhase('failed');
        },
      );
      return () => {
        active = false;
      };
    }, [Component]);

    if (Component) return <Component {...props} />;
    if (phase === 'slow') return <LoadingView />;
    if (phase === 'failed') return <ErrorView />;
    return <div className="cl-page-pending" data-testid="page-pending" />;
  }

  LazyPage.preload = () => {
    if (!loaded)
      void load().then(
        (module) => (loaded = module.default),
        () => undefined,
      );
  };
  return LazyPage;
}
