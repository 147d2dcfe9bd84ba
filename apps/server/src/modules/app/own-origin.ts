import { isIP } from 'node:net';

/**
 * The server's own origin from its listen settings, for `app_config.website` when APP_WEBSITE is unset
 * (decision D12). Never derived from a request: the Host header is the caller's to choose. A wildcard listen
 * address (0.0.0.0, ::) names no host, so it becomes localhost; set APP_WEBSITE for a public deployment.
 */
export function ownOrigin(host: string, port: number): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::';
  const name = wildcard ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return port === 80 ? `http://${name}` : `http://${name}:${port}`;
}
