import type { EncodedSnapshot, SnapshotMessage } from './snapshot-codec.js';
import { VENUE_CODES, VENUE_NUMBERS } from './snapshot-codec.js';

/**
 * One stream message as bytes: the sequence number (float64), the JSON header's length (uint32) and the header,
 * padding to 8 bytes, then the venue numbers (float64) and codes (int32). Lengths of the two columns follow
 * from the header's venue counts.
 */
export function toWire(sequence: number, { message, venueNumbers, venueCodes }: EncodedSnapshot): Buffer {
  const header = Buffer.from(JSON.stringify(message), 'utf8');
  const numbersAt = alignTo8(12 + header.length);
  const codesAt = numbersAt + venueNumbers.byteLength;
  const wire = Buffer.alloc(codesAt + venueCodes.byteLength);
  wire.writeDoubleLE(sequence, 0);
  wire.writeUInt32LE(header.length, 8);
  header.copy(wire, 12);
  Buffer.from(venueNumbers.buffer, venueNumbers.byteOffset, venueNumbers.byteLength).copy(wire, numbersAt);
  Buffer.from(venueCodes.buffer, venueCodes.byteOffset, venueCodes.byteLength).copy(wire, codesAt);
  return wire;
}

export function fromWire(wire: Buffer): { sequence: number; encoded: EncodedSnapshot } {
  const sequence = wire.readDoubleLE(0);
  const headerLength = wire.readUInt32LE(8);
  const message = JSON.parse(wire.toString('utf8', 12, 12 + headerLength)) as SnapshotMessage;
  const venues = message.coins.reduce((sum, coin) => sum + (coin.venueCount ?? 0), 0);
  const numbersAt = alignTo8(12 + headerLength);
  const codesAt = numbersAt + venues * VENUE_NUMBERS * Float64Array.BYTES_PER_ELEMENT;
  if (wire.length !== codesAt + venues * VENUE_CODES * Int32Array.BYTES_PER_ELEMENT)
    throw new Error('snapshot message of the wrong length');
  // Copied out: a Buffer from the network need not sit at an offset a Float64Array can view.
  const copy = (from: number, to: number) => wire.buffer.slice(wire.byteOffset + from, wire.byteOffset + to);
  return {
    sequence,
    encoded: {
      message,
      venueNumbers: new Float64Array(copy(numbersAt, codesAt)),
      venueCodes: new Int32Array(copy(codesAt, wire.length)),
    },
  };
}

function alignTo8(offset: number): number {
  return Math.ceil(offset / 8) * 8;
}
