import { useSearch } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import type { TabKey } from '../config/paths';
import { lazyPage, type LazyPageComponent, type PageModule } from './lazy-page';
import { PageFrame } from './PageFrame';

type SearchSchema = z.ZodType<Record<string, unknown>>;

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
 * Route options for a page with query parameters: the router validates them with the zod schema
 * (`validateSearch`) and the page receives the result as props (spec §2 "Pages receive URL query parameters
 * as props").
 */
export function pageWithSearch<S extends SearchSchema>(schema: S, options: PageRouteOptions<z.output<S>>) {
  function RoutePage() {
    const { t } = useTranslation();
    const raw = useSearch({ strict: false });
    const props = useMemo(() => schema.parse(raw), [raw]);
    const Body = options.body;
    return (
      <PageFrame name={options.name} title={options.title(t, props)} tab={options.tab}>
        <Body {...props} />
      </PageFrame>
    );
  }
  RoutePage.displayName = `Route(${options.name})`;
  return { validateSearch: schema, component: RoutePage };
}

export function body<P extends object>(load: () => Promise<PageModule<P>>): LazyPageComponent<P> {
  return lazyPage(load);
}
