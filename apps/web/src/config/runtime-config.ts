import { DEV_APP_ID, DEV_APP_SECRET } from '@coinlens/contract';

export interface RuntimeConfig {
  appId: string;
  appSecret: string;
  /** Partner origins the web view may frame besides the app's own (server config FRAME_ORIGINS). */
  frameOrigins: string[];
  /** `server`: from the page the server served; `default`: the contract's development pair (Vite dev server). */
  source: 'server' | 'default';
}

/**
 * The signing pair the server put in index.html (`<meta name="coinlens-config">`), so one build runs against
 * any server. Without the tag (the Vite dev server), or with a broken one, the development pair.
 */
export function readRuntimeConfig(root: ParentNode = document): RuntimeConfig {
  const content = root.querySelector<HTMLMetaElement>('meta[name="coinlens-config"]')?.content;
  if (content) {
    try {
      const parsed = JSON.parse(content) as {
        app_id?: unknown;
        app_secret?: unknown;
        frame_origins?: unknown;
      };
      if (typeof parsed.app_id === 'string' && typeof parsed.app_secret === 'string') {
        return {
          appId: parsed.app_id,
          appSecret: parsed.app_secret,
          frameOrigins: httpsOrigins(parsed.frame_origins),
          source: 'server',
        };
      }
    } catch {
      // A malformed tag is treated as absent.
    }
  }
  return { appId: DEV_APP_ID, appSecret: DEV_APP_SECRET, frameOrigins: [], source: 'default' };
}

/** The entries that are bare https origins; anything else is dropped rather than widening what may be framed. */
function httpsOrigins(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry !== 'string' || !URL.canParse(entry)) return [];
    const url = new URL(entry);
    return url.protocol === 'https:' && url.href === `${url.origin}/` ? [url.origin] : [];
  });
}
