import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

import type { RoutePath } from '@/config/paths';

/** Back to the previous page, or to `fallback` when the page was opened directly. */
export function useGoBack(fallback: RoutePath): () => void {
  const router = useRouter();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: fallback, replace: true });
  }, [router, fallback]);
}
