import { createContext, useContext, useEffect } from 'react';

/** Sets the header title of the page a body is shown in; null gives the route's title back. */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

/**
 * Shows `title` in the page header instead of the route's title while the calling body is mounted, for a page
 * whose title follows its own state (the login page while registering).
 */
export function usePageTitle(title: string | null): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}
