/**
 * Where a feed or page fetch may connect. The host of every hop is resolved here and each of its addresses is
 * checked; the connection is then made to exactly those checked addresses, so a DNS answer that changes between
 * the check and the connect (a rebind) cannot swap in another one.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import { isPublicAddress } from './public-address.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface AddressGuard {
  /** Every address of `hostname` (a name, never an IP literal). */
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  /** Whether a connection to `address` may be made to fetch `url`. */
  permits(address: string, url: URL): boolean;
}

async function resolveWithDns(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** The production guard: the system resolver, public unicast addresses only. */
export const PUBLIC_ADDRESSES_ONLY: AddressGuard = {
  resolve: resolveWithDns,
  permits: (address) => isPublicAddress(address),
};

/**
 * Any address: for test servers on loopback and an operator's own intranet feeds
 * (FEEDS_ALLOW_PRIVATE_ADDRESSES). Every hop is still resolved once and connected to as resolved.
 */
export const ANY_ADDRESS: AddressGuard = {
  resolve: resolveWithDns,
  permits: () => true,
};

/** Thrown when a hop's host is, or resolves to, an address the guard refuses (or to nothing). */
export class AddressRefusedError extends Error {
  override readonly name = 'AddressRefusedError';
}

/** The addresses to connect to for `url`, every one of them permitted by `guard`. */
export async function checkedAddresses(url: URL, guard: AddressGuard): Promise<ResolvedAddress[]> {
  // URL keeps IPv6 literals in brackets and has already normalised 0x7f.1, 2130706433 and the like to dotted IPv4.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses: ResolvedAddress[] =
    family === 0 ? await guard.resolve(host) : [{ address: host, family: family === 6 ? 6 : 4 }];
  if (addresses.length === 0) throw new AddressRefusedError(`${host} has no address`);
  const refused = addresses.find(({ address }) => !guard.permits(address, url));
  if (refused !== undefined)
    throw new AddressRefusedError(
      `${host}${refused.address === host ? '' : ` (${refused.address})`} is not a public address`,
    );
  return addresses;
}
