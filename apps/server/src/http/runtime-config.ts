/** What the web app learns from the server at run time instead of at build time. */
export interface PublicAppConfig {
  app_id: string;
  /** The signing secret is public by design: it ships in every client (docs/gateway-protocol.md). */
  app_secret: string;
  /** Partner origins the web view may frame besides the app's own (config FRAME_ORIGINS); absent: none. */
  frame_origins?: readonly string[];
}

export const RUNTIME_CONFIG_META = 'coinlens-config';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The built index.html with the server's public settings in a `<meta name="coinlens-config">` tag, so one
 * build runs against any server. An existing tag (a build served by an older server) is replaced.
 */
export function withRuntimeConfig(html: string, config: PublicAppConfig): string {
  const tag = `<meta name="${RUNTIME_CONFIG_META}" content="${escapeAttribute(JSON.stringify(config))}">`;
  const existing = new RegExp(`<meta name="${RUNTIME_CONFIG_META}"[^>]*>`);
  if (existing.test(html)) return html.replace(existing, tag);
  const head = html.indexOf('</head>');
  if (head === -1) throw new Error('index.html has no </head> to carry the runtime config');
  return `${html.slice(0, head)}${tag}${html.slice(head)}`;
}
