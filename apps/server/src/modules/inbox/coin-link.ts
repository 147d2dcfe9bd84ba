const COIN_LINK = 'web+coinlens:coin?id=';

/** A coin's in-app link (decision D26): what a coin message opens, in the inbox and from its push. */
export function coinLink(coinId: string): string {
  return `${COIN_LINK}${encodeURIComponent(coinId)}`;
}

/** The coin a link made by {@link coinLink} opens; null for any other link. */
export function coinOfLink(link: string | null | undefined): string | null {
  if (!link?.startsWith(COIN_LINK)) return null;
  const id = new URLSearchParams(link.slice(link.indexOf('?'))).get('id');
  return id ? id : null;
}
