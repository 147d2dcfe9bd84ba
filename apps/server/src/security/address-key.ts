import { isIPv4, isIPv6 } from 'node:net';

/** Hextets an IPv6 address has; the first four are its /64 network. */
const HEXTETS = 8;
const NETWORK_HEXTETS = 4;

/** The eight hextets of an IPv6 address (`::` expanded, an IPv4 tail as two hextets); null when malformed. */
function hextetsOf(address: string): number[] | null {
  const [head = '', tail, ...more] = address.split('::');
  if (more.length > 0) return null;
  const partsOf = (text: string): number[] | null => {
    if (text === '') return [];
    const parts: number[] = [];
    for (const piece of text.split(':')) {
      if (isIPv4(piece)) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        parts.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) parts.push(parseInt(piece, 16));
      else return null;
    }
    return parts;
  };
  const left = partsOf(head);
  const right = tail === undefined ? [] : partsOf(tail);
  if (!left || !right) return null;
  const missing = HEXTETS - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

/**
 * The caller-address part of every per-address limit key. One IPv6 subscriber usually holds a whole /64 (and
 * can pick a fresh address in it per request), so IPv6 is grouped by its /64 network: `2001:db8:1:2::/64`.
 * IPv4 stays as it is, and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports
 * for an IPv4 caller) counts as that IPv4 address, never as a /64 shared by all of IPv4. Anything else
 * (a name, a malformed address) is its own key.
 */
export function addressKey(ip: string): string {
  return addressNetworkKeys(ip)[0]?.key ?? ip;
}

/** A key a per-address limit counts under, and how many times the /64's (or IPv4 address's) budget it holds. */
export interface NetworkKey {
  readonly key: string;
  readonly budgetFactor: number;
}

/**
 * The wider IPv6 networks a caller is also counted under, beside its /64: a /48 holds 65,536 /64s, so a limit
 * counted per /64 alone gives one subscriber (or one cloud tenant) that many budgets. A /56 (a typical home
 * delegation) gets 4 × the /64's budget and a /48 (a typical site) 16 ×: a household or office with several
 * networks keeps room, a sweep across a delegation meets a limit.
 */
export const WIDER_IPV6_NETWORKS: readonly { prefixLength: number; budgetFactor: number }[] = [
  { prefixLength: 56, budgetFactor: 4 },
  { prefixLength: 48, budgetFactor: 16 },
];

/** `hextets` cut to their first `prefixLength` bits, written like `2001:db8:1:200::/56`. */
function networkKey(hextets: readonly number[], prefixLength: number): string {
  const whole = Math.floor(prefixLength / 16);
  const kept = hextets.slice(0, whole);
  const partialBits = prefixLength % 16;
  if (partialBits > 0) kept.push((hextets[whole] ?? 0) & (0xffff << (16 - partialBits)) & 0xffff);
  return `${kept.map((part) => part.toString(16)).join(':')}::/${prefixLength}`;
}

/**
 * Every key a per-address limit counts the caller under, narrowest first: the address key (see addressKey),
 * then for IPv6 its /56 and /48 with their larger budgets (WIDER_IPV6_NETWORKS). An IPv4 caller, or anything
 * that is not an IPv6 address, has the one key.
 */
export function addressNetworkKeys(ip: string): readonly NetworkKey[] {
  const zone = ip.indexOf('%');
  const address = zone === -1 ? ip : ip.slice(0, zone);
  // Every call of the gateway asks, most of them from IPv4: no colon, no IPv6, without isIPv6's long pattern.
  if (!address.includes(':') || !isIPv6(address)) return [{ key: ip, budgetFactor: 1 }];
  const hextets = hextetsOf(address);
  if (!hextets) return [{ key: ip, budgetFactor: 1 }];
  const mapped = hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff;
  if (mapped) {
    const high = hextets[6] ?? 0;
    const low = hextets[7] ?? 0;
    return [{ key: [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'), budgetFactor: 1 }];
  }
  return [
    { key: networkKey(hextets, NETWORK_HEXTETS * 16), budgetFactor: 1 },
    ...WIDER_IPV6_NETWORKS.map(({ prefixLength, budgetFactor }) => ({
      key: networkKey(hextets, prefixLength),
      budgetFactor,
    })),
  ];
}
