import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigProvider } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { isAppLanguage, FALLBACK_LANGUAGE } from '@coinlens/contract';

import { useAntdLocale } from './antd-locale';
import { ErrorBoundary } from './ErrorBoundary';
import type { AppRouter } from './router';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  const { i18n } = useTranslation();
  const language = isAppLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const antdLocale = useAntdLocale(language);
  useEffect(() => {
    // Server messages and localised data follow the language: fetch them again in the new one.
    const onChange = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n, queryClient]);
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
