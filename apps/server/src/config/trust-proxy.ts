import { isIP } from 'node:net';

/**
 * Whom the server believes about the caller's address, as Fastify's `trustProxy` takes it: nobody (false) or
 * the proxies' own addresses. `X-Forwarded-For` is read from the right and only through trusted hops, so the
 * caller is the first address no trusted proxy vouches for; entries a client wrote further left are never
 * reached (trusting every entry let a client escape each per-address limit with a fresh leftmost one). Hop
 * counts are not offered: they cannot tell the proxy from a client connecting to the server directly.
 */
export type TrustedProxies = false | string[];

/** Ranges by name, as proxy-addr knows them: this host, and the private networks a proxy usually sits in. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or `false` trusts nobody; `true` trusts proxies on this host and in private networks
 * (loopback, link-local, 10/8, 172.16/12, 192.168/16, fc00::/7); otherwise a comma-separated list of the
 * proxies' addresses, CIDRs or those range names. Answers an error sentence for anything else.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return PRIVATE_PROXIES;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined || entries.length === 0)
    return `must be false, true, or the proxies' addresses/CIDRs (not "${bad ?? value}")`;
  return entries;
}
