import { TransportError } from '@coinlens/contract';

/** The call never reached the server (offline, server down, DNS): the case a kept snapshot stands in for. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TransportError && error.kind === 'network';
}

export interface QueryOutcome {
  hasData: boolean;
  error: unknown;
  /** The error of the latest attempt while retries are still running. */
  failureReason: unknown;
  /** TanStack Query pauses a fetch while the browser says it is offline. */
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/** The outcome of a TanStack query (plain or infinite) as the snapshot rule reads it. */
export function outcomeOf(query: {
  data: unknown;
  error: unknown;
  failureReason: unknown;
  fetchStatus: QueryOutcome['fetchStatus'];
}): QueryOutcome {
  return {
    hasData: query.data !== undefined,
    error: query.error,
    failureReason: query.failureReason,
    fetchStatus: query.fetchStatus,
  };
}

/** Show the kept snapshot when nothing fresh is on screen and the network is why. */
export function shouldShowSnapshot(outcome: QueryOutcome): boolean {
  if (outcome.hasData) return false;
  return (
    outcome.fetchStatus === 'paused' ||
    isNetworkFailure(outcome.error) ||
    isNetworkFailure(outcome.failureReason)
  );
}
