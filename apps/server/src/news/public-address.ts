/**
 * Which IP addresses a server-side fetch of a feed or page may connect to: public unicast only. Everything
 * a fetch could use to reach the host itself or the network behind it is refused (loopback, private,
 * link-local with the cloud metadata service at 169.254.169.254, CGNAT, ULA, multicast, documentation and
 * reserved ranges). IPv6 is an allow-list (global unicast 2000::/3) so IPv4-mapped (::ffff:127.0.0.1),
 * NAT64 and other embeddings of a private IPv4 address are refused without decoding them.
 */
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const NOT_PUBLIC_WITHIN_GLOBAL_V6: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments: Teredo (embeds IPv4), ORCHID, benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds IPv4)
];

function blockListOf(ranges: readonly (readonly [string, number])[], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const notPublicV4 = blockListOf(NOT_PUBLIC_V4, 'ipv4');
const globalUnicastV6 = blockListOf([['2000::', 3]], 'ipv6');
const notPublicV6 = blockListOf(NOT_PUBLIC_WITHIN_GLOBAL_V6, 'ipv6');

/** Whether `address` (an IP literal, IPv6 without brackets) is a public unicast address; false for a name. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, 'ipv4');
  // A zone index (fe80::1%eth0) only exists on link-local addresses.
  if (family !== 6 || address.includes('%')) return false;
  return globalUnicastV6.check(address, 'ipv6') && !notPublicV6.check(address, 'ipv6');
}
