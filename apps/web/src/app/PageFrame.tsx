import { useRouter } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';

import { PageHeader } from '../components/PageHeader';
import { paths, type TabKey } from '../config/paths';
import { ErrorBoundary } from './ErrorBoundary';
import { PageTitleContext } from '../lib/page-title';
import { TabBar } from './TabBar';

export interface PageFrameProps {
  /** The route's folder name (market, setting, YourInfo ...); the page body carries `data-testid="page-<name>"`. */
  name: string;
  title: string;
  /** Tab pages show the tab bar and no back arrow. */
  tab?: TabKey | undefined;
  children: ReactNode;
}

/** Header + scrolling body (+ tab bar) in a 100dvh column. */
export function PageFrame({ name, title, tab, children }: PageFrameProps) {
  const router = useRouter();
  const onBack = tab
    ? undefined
    : () => {
        if (router.history.canGoBack()) router.history.back();
        else void router.navigate({ to: paths.market, replace: true });
      };
  const [bodyTitle, setBodyTitle] = useState<string | null>(null);
  return (
    <div className={tab ? 'cl-page cl-page-tab' : 'cl-page'}>
      <PageHeader title={bodyTitle ?? title} onBack={onBack} />
      <main className="cl-page-body" data-page={name}>
        <PageTitleContext.Provider value={setBodyTitle}>
          <ErrorBoundary>{children}</ErrorBoundary>
        </PageTitleContext.Provider>
      </main>
      {tab && <TabBar active={tab} />}
    </div>
  );
}
