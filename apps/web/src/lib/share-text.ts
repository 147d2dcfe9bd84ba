/** What a share carries (decision D28). */
export interface ShareParts {
  userName: string;
  title: string;
  url: string;
  /** The sharer's uid; visitors share as 0. */
  uid: string | number;
  appName: string;
}

/** The web share link of a screen: `{website}/#/{route}?{query}`. */
export function shareUrl(route: string, website: string): string {
  return `${website.replace(/\/$/, '')}/#${route}`;
}

/** `{userName} shared "{title}" with you: {url} FXH_{uid} — {appName}`, with the words in the app language. */
export function shareText(template: string, parts: ShareParts): string {
  return template
    .replace('{{userName}}', parts.userName)
    .replace('{{title}}', parts.title)
    .replace('{{url}}', parts.url)
    .replace('{{uid}}', String(parts.uid))
    .replace('{{appName}}', parts.appName);
}

export interface SharedLink {
  /** The route and query after `#`, e.g. `/pages/content/newsDetail/index?information_id=3&type=news`. */
  route: string;
  sharerUid: string;
}

const SHARER = /FXH_(\d+)/;

/**
 * Reads copied text as a Coinlens share (decision D28): it names the app (in any language), holds a
 * `{website}/#/` link and an `FXH_<number>` that is not the current user's own. Null otherwise.
 */
export function readSharedLink(
  text: string,
  appNames: readonly string[],
  website: string,
  currentUid: string | null,
): SharedLink | null {
  if (!appNames.some((name) => name && text.includes(name))) return null;
  const sharer = SHARER.exec(text)?.[1];
  if (!sharer || sharer === currentUid) return null;
  const prefix = `${website.replace(/\/$/, '')}/#/`;
  const start = text.indexOf(prefix);
  if (start < 0) return null;
  const route = /^\S+/.exec(text.slice(start + prefix.length - 1))?.[0];
  return route ? { route, sharerUid: sharer } : null;
}
