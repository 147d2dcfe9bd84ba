import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';

import { App } from '../app/App';
import { createAppRouter } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** Renders the whole app (router, providers) at `url` with an in-memory history. */
export function renderApp(url: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  const queryClient = createQueryClient();
  // No server in unit tests: queries stay pending unless a test seeds them.
  queryClient.setDefaultOptions({ queries: { retry: false, enabled: false } });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient };
}
