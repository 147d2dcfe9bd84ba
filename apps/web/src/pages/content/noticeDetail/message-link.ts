import { paths } from '@/config/paths';
import { parseDeepLink, type LinkTarget } from '@/features/deep-link/parse-deep-link';

/**
 * Where a message's link leads: a product-scheme link (decision D26, e.g. a coin alert's
 * `web+coinlens:coin?id=bitcoin`) to its page, an http(s) address to the web view; none for anything else.
 */
export function messageLinkTarget(link: string | null): LinkTarget | null {
  if (!link) return null;
  if (/^https?:\/\//i.test(link)) return { to: paths.webview, search: { url: link } };
  const parsed = parseDeepLink(link);
  return parsed.ok ? parsed.target : null;
}
