/**
 * Failures sprinkled into the universe replays, fixed by a seed: 429s with `Retry-After` (seconds), timeouts
 * (answers held longer than the server's request timeout), dropped connections and a slow source. Every
 * request of a source is numbered; whether the n-th fails, and how, depends only on (seed, source, n).
 */
import type { RecordedRequest, ReplayResponse } from '../../../src/market-data/testing/replay-server.js';
import { unit } from './seeded.js';

export interface SourceFaults {
  /** Share of requests answered 429 with `Retry-After`. */
  rateLimited: number;
  /** `Retry-After` in whole seconds. */
  retryAfterSeconds: number;
  /** Share of requests held `timeoutDelayMs` (longer than the server's request timeout). */
  timedOut: number;
  /** Share of requests whose connection is dropped without an answer. */
  dropped: number;
  /** Every answer waits between these many ms (a slow source); default none. */
  latencyMs?: readonly [number, number];
  /** The first requests of the source are spared (the server's start must be able to read the coin list). */
  sparedFirst: number;
  /** Paths never failed (e.g. `/ping`). */
  spare?: (path: string) => boolean;
}

export const NO_FAULTS: SourceFaults = {
  rateLimited: 0,
  retryAfterSeconds: 1,
  timedOut: 0,
  dropped: 0,
  sparedFirst: 0,
};

export type FaultKind = 'rate_limited' | 'timed_out' | 'dropped';

/** What one request of a source gets: a failure (answered instead of the route) and a latency. */
export interface FaultDecision {
  failure: ReplayResponse | null;
  kind: FaultKind | null;
  delayMs: number;
}

export class FaultPlan {
  private readonly sequence = new Map<string, number>();

  constructor(
    private readonly seed: string,
    private readonly timeoutDelayMs: number,
    private readonly sources: Readonly<Record<string, SourceFaults>>,
  ) {}

  decide(source: string, request: RecordedRequest): FaultDecision {
    const faults = this.sources[source] ?? NO_FAULTS;
    const n = (this.sequence.get(source) ?? 0) + 1;
    this.sequence.set(source, n);
    const [low, high] = faults.latencyMs ?? [0, 0];
    const delayMs = Math.round(low + (high - low) * unit(this.seed, source, n, 'latency'));
    if (n <= faults.sparedFirst || faults.spare?.(request.path))
      return { failure: null, kind: null, delayMs };
    const draw = unit(this.seed, source, n, 'fault');
    if (draw < faults.rateLimited)
      return {
        kind: 'rate_limited',
        delayMs,
        failure: {
          status: 429,
          headers: { 'retry-after': String(faults.retryAfterSeconds) },
          json: { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } },
        },
      };
    if (draw < faults.rateLimited + faults.timedOut)
      return { kind: 'timed_out', delayMs: 0, failure: { delayMs: this.timeoutDelayMs, json: {} } };
    if (draw < faults.rateLimited + faults.timedOut + faults.dropped)
      return { kind: 'dropped', delayMs, failure: { destroySocket: true } };
    return { failure: null, kind: null, delayMs };
  }
}

/** Requests per source and route, with the failures served among them. */
export class RequestCounts {
  private readonly counts = new Map<string, Map<string, number>>();

  hit(source: string, route: string): void {
    const routes = this.counts.get(source) ?? new Map<string, number>();
    this.counts.set(source, routes);
    routes.set(route, (routes.get(route) ?? 0) + 1);
  }

  /** Requests to `source` (all routes, or one). */
  of(source: string, route?: string): number {
    const routes = this.counts.get(source);
    if (!routes) return 0;
    if (route !== undefined) return routes.get(route) ?? 0;
    let total = 0;
    for (const count of routes.values()) total += count;
    return total;
  }

  /** Every (source, route, count), sorted. */
  entries(): { source: string; route: string; count: number }[] {
    const rows: { source: string; route: string; count: number }[] = [];
    for (const [source, routes] of this.counts)
      for (const [route, count] of routes) rows.push({ source, route, count });
    return rows.sort((a, b) => a.source.localeCompare(b.source) || a.route.localeCompare(b.route));
  }
}
