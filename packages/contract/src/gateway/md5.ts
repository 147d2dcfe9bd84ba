/**
 * MD5 (RFC 1321) over the UTF-8 bytes of a string, as lowercase hex.
 * Written out here so the same code signs requests in the browser (no SubtleCrypto MD5) and in Node.
 * MD5 is what the gateway protocol prescribes (docs/gateway-protocol.md); it is an integrity and replay
 * guard, not a secret.
 */
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
  14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
  21, 6, 10, 15, 21,
];

const CONSTANTS = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

const encoder = new TextEncoder();

function padMessage(bytes: Uint8Array): Uint8Array {
  const paddedLength = (((bytes.length + 8) >>> 6) + 1) << 6;
  const padded = new Uint8Array(paddedLength);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bitLength = bytes.length * 8;
  view.setUint32(paddedLength - 8, bitLength >>> 0, true);
  view.setUint32(paddedLength - 4, Math.floor(bitLength / 2 ** 32), true);
  return padded;
}

function roundFunction(round: number, b: number, c: number, d: number): number {
  if (round < 16) return (b & c) | (~b & d);
  if (round < 32) return (d & b) | (~d & c);
  if (round < 48) return b ^ c ^ d;
  return c ^ (b | ~d);
}

function wordIndex(round: number): number {
  if (round < 16) return round;
  if (round < 32) return (5 * round + 1) % 16;
  if (round < 48) return (3 * round + 5) % 16;
  return (7 * round) % 16;
}

function toHexLittleEndian(word: number): string {
  let hex = '';
  for (let i = 0; i < 4; i++) hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  return hex;
}

export function md5Hex(input: string | Uint8Array): string {
  const message = padMessage(typeof input === 'string' ? encoder.encode(input) : input);
  const view = new DataView(message.buffer);
  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const words = new Uint32Array(16);
  for (let offset = 0; offset < message.length; offset += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(offset + i * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let round = 0; round < 64; round++) {
      const f =
        (roundFunction(round, b, c, d) + a + (CONSTANTS[round] ?? 0) + (words[wordIndex(round)] ?? 0)) >>> 0;
      const shift = SHIFTS[round] ?? 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((f << shift) | (f >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return toHexLittleEndian(a0) + toHexLittleEndian(b0) + toHexLittleEndian(c0) + toHexLittleEndian(d0);
}
