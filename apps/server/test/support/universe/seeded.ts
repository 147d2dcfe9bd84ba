/** Deterministic randomness for the universe replays: the same seed gives the same universe and the same faults. */

/** FNV-1a 32-bit hash of a string. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in [0, 1) fixed by `parts` (the seed among them). */
export function unit(...parts: readonly (string | number)[]): number {
  let state = hash32(parts.join('|'));
  // One round of mulberry32 to spread the hash.
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** A standard normal number fixed by `parts` (Box–Muller on two uniforms). */
export function normal(...parts: readonly (string | number)[]): number {
  const u = Math.max(unit(...parts, 'a'), 1e-12);
  const v = unit(...parts, 'b');
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Hex digits fixed by `parts` (contract addresses). */
export function hex(length: number, ...parts: readonly (string | number)[]): string {
  let out = '';
  for (let index = 0; out.length < length; index++)
    out += hash32(`${parts.join('|')}|${index}`)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}
