import { useSearch } from '@tanstack/react-router';
import type { TFunction } from '@/lib/i18n';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';

import type { TabKey } from '../config/paths';
import type { SearchValidator } from '../config/search-params';
import { lazyPage, type LazyPageComponent, type PageModule } from './lazy-page';
import { PageFrame } from './PageFrame';

export interface PageRouteOptions<P extends object> {
  /** The route's folder name, e.g. `setting` (see PageFrame). */
  name: string;
  title: (t: TFunction, search: P) => string;
  tab?: TabKey;
  body: LazyPageComponent<P>;
}

/** Route options for a page without query parameters. */
export function page(options: PageRouteOptions<Record<string, never>>) {
  function RoutePage() {
    const { t } = useTranslation();
    const props = {} as Record<string, never>;
    const Body = options.body;
    return (
      <PageFrame name={options.name} title={options.title(t, props)} tab={options.tab}>
        <Body {...props} />
      </PageFrame>
    );
  }
  RoutePage.displayName = `Route(${options.name})`;
  return { component: RoutePage };
}

/**
 * Route options for a page with query parameters: the router checks them (`validateSearch`) and the page
 * receives the result as props.
 */
export function pageWithSearch<P extends object>(validate: SearchValidator<P>, options: PageRouteOptions<P>) {
  function RoutePage() {
    const { t } = useTranslation();
    const raw = useSearch({ strict: false });
    const props = useMemo(() => validate(raw), [raw]);
    const Body = options.body;
    return (
      <PageFrame name={options.name} title={options.title(t, props)} tab={options.tab}>
        <Body {...props} />
      </PageFrame>
    );
  }
  RoutePage.displayName = `Route(${options.name})`;
  return { validateSearch: validate, component: RoutePage };
}

export function body<P extends object>(load: () => Promise<PageModule<P>>): LazyPageComponent<P> {
  return lazyPage(load);
}
