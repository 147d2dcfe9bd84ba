import { QueryClient } from '@tanstack/react-query';

import { TransportError } from '@coinlens/contract';

const MAX_RETRIES = 2;

/**
 * Retries only transport failures that may pass on their own (network, 5xx); never a gateway code, a
 * timeout (already 60 s), an abort, 413, 429 or 451.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !(error instanceof TransportError)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
