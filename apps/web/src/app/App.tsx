import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigProvider } from 'antd-mobile';
import { useEffect } from 'react';

import { translator, useTranslation } from '@/lib/i18n';

import { useAntdLocale } from './antd-locale';
import { ErrorBoundary } from './ErrorBoundary';
import type { AppRouter } from './router';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  const { language } = useTranslation();
  const antdLocale = useAntdLocale(language);
  useEffect(
    // Server messages and localised data follow the language: fetch them again in the new one.
    () => translator.subscribe(() => void queryClient.invalidateQueries()),
    [queryClient],
  );
  return (
    <ErrorBoundary>
      <ConfigProvider locale={antdLocale}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </ErrorBoundary>
  );
}
