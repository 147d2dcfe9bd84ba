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
  const address = ip.split('%', 1)[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const hextets = hextetsOf(address);
  if (!hextets) return ip;
  const mapped = hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff;
  if (mapped) {
    const high = hextets[6] ?? 0;
    const low = hextets[7] ?? 0;
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${hextets
    .slice(0, NETWORK_HEXTETS)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
