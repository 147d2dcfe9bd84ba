import type { useNavigate } from '@tanstack/react-router';

import { paths } from '@/config/paths';

/** An ad's link: in-app links through the link route (it parses and logs them), web pages in the web view. */
export function openAdLink(link: string, navigate: ReturnType<typeof useNavigate>): void {
  if (link.startsWith('web+coinlens:') || link.startsWith('coinlens:'))
    void navigate({ to: paths.link, search: { u: link } });
  else if (/^https?:\/\//i.test(link)) void navigate({ to: paths.webview, search: { url: link } });
}
