import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { PageHeader } from '../components/PageHeader';
import { paths, type TabKey } from '../config/paths';
import { ErrorBoundary } from './ErrorBoundary';
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
  return (
    <div className={tab ? 'cl-page cl-page-tab' : 'cl-page'}>
      <PageHeader title={title} onBack={onBack} />
      <main className="cl-page-body" data-page={name}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      {tab && <TabBar active={tab} />}
    </div>
  );
}
