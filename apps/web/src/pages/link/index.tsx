import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

import { LoadingView } from '@/components/LoadingView';
import type { LinkSearch } from '@/config/search-params';
import { parseDeepLink } from '@/features/deep-link/parse-deep-link';

/** `/#/link?u=<encoded link>` (decision D26): opens a product-scheme link; errors are only logged. */
export default function LinkPage({ u }: LinkSearch) {
  const navigate = useNavigate();
  useEffect(() => {
    const result = parseDeepLink(u);
    if (!result.ok) console.warn(`Deep link ignored (${result.error})`);
    const target = result.ok ? result.target : result.fallback;
    void navigate({ to: target.to, search: target.search as never, replace: true });
  }, [u, navigate]);
  return (
    <div data-testid="page-link">
      <LoadingView testId="link-opening" />
    </div>
  );
}
