import { COIN_SORT_KEYS, MAX_LIVE_TOPICS } from '@coinlens/contract';
import fc from 'fast-check';

import { deeplyNestedArrays, hostileString, hostileValue } from './hostile-values.js';

/** What a fuzzing client puts on the wire as one WebSocket message. */
export type FuzzFrame =
  | { kind: 'text'; text: string }
  /** One text message sent as several frames (continuation frames). */
  | { kind: 'fragmented'; parts: string[] }
  | { kind: 'binary'; bytes: Uint8Array }
  /** A text frame whose payload is not UTF-8 (RFC 6455 lets the server close with 1007). */
  | { kind: 'invalid-utf8'; bytes: Uint8Array };

/** The server's limits today: the live hub's per-message cap, and the WebSocket maxPayload (app.ts). */
const MESSAGE_CAP_BYTES = 16_384;
const MAX_PAYLOAD_BYTES = 65_536;

/** Coins the fake market knows, so some subscriptions are served for real. */
const knownCoinId = fc.constantFrom('bitcoin', 'ethereum', 'solana', 'dogecoin', 'pepe', 'litecoin');

const listTopic = fc
  .record({
    sort: fc.oneof(fc.constantFrom(...COIN_SORT_KEYS), fc.stringMatching(/^[a-z_0-9]{1,30}$/)),
    order: fc.constantFrom('asc', 'desc'),
    page: fc.oneof(fc.constantFrom('0', '1', '01', '0001', '2', '9999'), fc.stringMatching(/^\d{1,4}$/)),
    size: fc.oneof(
      fc.constantFrom('0', '1', '10', '010', '100', '101', '999'),
      fc.stringMatching(/^\d{1,3}$/),
    ),
  })
  .map(({ sort, order, page, size }) => `list:${sort}:${order}:${page}:${size}`);

/** Topics of the protocol's grammar (served or not) and near misses of it. */
const topic = fc.oneof(
  { weight: 2, arbitrary: fc.constant('global') },
  { weight: 3, arbitrary: knownCoinId.map((id) => `coin:${id}`) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,100}$/).map((id) => `coin:${id}`) },
  { weight: 4, arbitrary: listTopic },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'GLOBAL',
      'global ',
      'coin:',
      'coin:BITCOIN',
      'coin:bitcoin\n',
      'list:rank:up:1:1',
      'list:rank:asc:-1:1',
      'list:rank:asc:1e3:1',
      'list:rank:asc:1:1:1',
      'list:__proto__:asc:1:1',
      'list:constructor:desc:1:1',
    ),
  },
  { weight: 2, arbitrary: hostileString },
);

const topics = fc.oneof(
  { weight: 6, arbitrary: fc.array(topic, { minLength: 1, maxLength: 6 }) },
  {
    weight: 1,
    arbitrary: fc.array(topic, { minLength: MAX_LIVE_TOPICS - 2, maxLength: MAX_LIVE_TOPICS + 2 }),
  },
  { weight: 1, arbitrary: fc.array(topic, { maxLength: 400 }) },
  { weight: 1, arbitrary: hostileValue },
);

const op = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('subscribe', 'unsubscribe', 'ping') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('SUBSCRIBE', 'Ping', 'publish', '__proto__', 'constructor', 'toString', ''),
  },
  { weight: 1, arbitrary: hostileValue },
);

const currency = fc.oneof(
  fc.constantFrom('usd', 'eur', 'cny', 'btc', 'jpy', 'xxx', 'USD', 'usdusd', ''),
  hostileString,
  hostileValue,
);

/** A JSON object written key by key, so `__proto__` stays an own key and a key may repeat. */
function jsonObjectText(entries: readonly (readonly [string, unknown])[]): string {
  const members = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`);
  return `{${members.join(',')}}`;
}

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'op', 'topics', 'currency', 'valueOf'),
  hostileString,
);

/** Messages shaped like the protocol's, with any field missing, wrong, hostile, repeated or on the prototype. */
const hostileMessage = fc
  .tuple(
    fc.record({ op, topics, currency }, { requiredKeys: [] }),
    fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([fields, extras, extrasFirst]) => {
    const own = Object.entries(fields);
    return jsonObjectText(extrasFirst ? [...extras, ...own] : [...own, ...extras]);
  });

/** Messages the protocol accepts as they are. */
const validMessage = fc.oneof(
  fc
    .record(
      {
        topics: fc.array(topic, { minLength: 1, maxLength: 8 }),
        currency: fc.constantFrom('usd', 'eur', 'cny'),
      },
      { requiredKeys: ['topics'] },
    )
    .map((fields) => JSON.stringify({ op: 'subscribe', ...fields })),
  fc
    .array(topic, { minLength: 1, maxLength: 8 })
    .map((list) => JSON.stringify({ op: 'unsubscribe', topics: list })),
  fc.constant(JSON.stringify({ op: 'ping' })),
);

/** Prototype pollution attempts around an otherwise valid message. */
const prototypeMessage = fc.constantFrom(
  '{"__proto__":{"op":"ping"}}',
  '{"op":"subscribe","topics":["global"],"__proto__":{"currency":"zzz","op":"ping"}}',
  '{"op":"subscribe","__proto__":{"topics":["global"]}}',
  '{"constructor":{"prototype":{"op":"ping"}},"op":"ping"}',
  '{"op":"ping","op":"subscribe","topics":["global"]}',
  '{"op":"subscribe","topics":{"0":"global","length":1}}',
  '{"op":"unsubscribe","topics":["__proto__"]}',
  '{"op":"subscribe","topics":["coin:__proto__","coin:constructor","coin:hasownproperty"]}',
);

const invalidJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"op":',
    '{"op":"ping"',
    '{"op":"ping",}',
    "{'op':'ping'}",
    '\uFEFF{"op":"ping"}',
    'undefined',
    'NaN',
    '1e999',
    '"ping"',
    '[]',
    '{}',
    'null',
    '{"op":"subscribe","topics":["global"]}}',
  ),
  fc.tuple(validMessage, fc.nat()).map(([text, cut]) => text.slice(0, cut % Math.max(1, text.length))),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Nesting far deeper than any message, bare and inside a message's fields. */
const deeplyNestedMessage = fc.oneof(
  deeplyNestedArrays(8_000),
  fc.integer({ min: 100, max: 3_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  deeplyNestedArrays(7_000).map((nested) => `{"op":"subscribe","topics":${nested}}`),
  deeplyNestedArrays(7_000).map((nested) => `{"op":"subscribe","topics":["global"],"currency":${nested}}`),
);

/** A ping padded with `unit` to exactly `bytes` bytes of UTF-8 (or as near as a multi-byte unit allows). */
function paddedPing(bytes: number, unit: string): string {
  const frame = (padding: number) => `{"op":"ping","pad":"${unit.repeat(padding)}"}`;
  const overhead = Buffer.byteLength(frame(0));
  return frame(Math.max(0, Math.floor((bytes - overhead) / Buffer.byteLength(unit))));
}

/** Sizes on both sides of the message cap and up to the maximum payload (larger ones close the socket). */
const nearLimitMessage = fc
  .tuple(
    fc.constantFrom(
      MESSAGE_CAP_BYTES - 1,
      MESSAGE_CAP_BYTES,
      MESSAGE_CAP_BYTES + 1,
      MESSAGE_CAP_BYTES * 2,
      MAX_PAYLOAD_BYTES - 1,
      MAX_PAYLOAD_BYTES,
    ),
    fc.constantFrom('x', '币', '🚀'),
  )
  .map(([bytes, unit]) => paddedPing(bytes, unit));

const binaryFrame = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  validMessage.map((text) => new Uint8Array(Buffer.from(text))),
);

/** Cut a message into 2 to 4 frames: a server must put it back together before reading it. */
const fragmentedMessage = fc
  .tuple(fc.oneof(validMessage, hostileMessage), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }))
  .map(([text, cuts]): FuzzFrame => {
    const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
    const parts = [0, ...points].map((start, index) => text.slice(start, points[index] ?? text.length));
    return { kind: 'fragmented', parts };
  });

/** Frames after which the server may close the socket: over the maximum payload, or text that is not UTF-8. */
const socketEndingFrame = fc.oneof(
  fc
    .constantFrom(MAX_PAYLOAD_BYTES + 1, MAX_PAYLOAD_BYTES * 4, 1_048_576)
    .map((bytes): FuzzFrame => ({ kind: 'text', text: paddedPing(bytes, 'x') })),
  fc
    .constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0xfe, 0x7d])
    .map((bytes): FuzzFrame => ({ kind: 'invalid-utf8', bytes: new Uint8Array(bytes) })),
);

/** Whether the server may end the socket over this frame (RFC 6455: 1007 not UTF-8, 1009 too big). */
export function mayEndTheSocket(frame: FuzzFrame): boolean {
  switch (frame.kind) {
    case 'invalid-utf8':
      return true;
    case 'text':
      return Buffer.byteLength(frame.text) > MAX_PAYLOAD_BYTES;
    case 'binary':
      return frame.bytes.byteLength > MAX_PAYLOAD_BYTES;
    case 'fragmented':
      return Buffer.byteLength(frame.parts.join('')) > MAX_PAYLOAD_BYTES;
  }
}

/** A short description of a frame for a failure message (a frame may be a megabyte long). */
export function describeFrame(frame: FuzzFrame): string {
  switch (frame.kind) {
    case 'text':
      return `text ${JSON.stringify(frame.text.slice(0, 120))} (${Buffer.byteLength(frame.text)} bytes)`;
    case 'fragmented':
      return `fragmented ${JSON.stringify(frame.parts.map((part) => part.slice(0, 60)))}`;
    case 'binary':
    case 'invalid-utf8':
      return `${frame.kind} ${Buffer.from(frame.bytes.slice(0, 40)).toString('hex')} (${frame.bytes.byteLength} bytes)`;
  }
}

const text = (arbitrary: fc.Arbitrary<string>) =>
  arbitrary.map((value): FuzzFrame => ({ kind: 'text', text: value }));

/** One hostile WebSocket message; frames that end a socket are rare, so a socket lives for hundreds of frames. */
export const fuzzFrame: fc.Arbitrary<FuzzFrame> = fc.oneof(
  { weight: 400, arbitrary: text(hostileMessage) },
  { weight: 150, arbitrary: text(validMessage) },
  { weight: 150, arbitrary: text(invalidJson) },
  { weight: 60, arbitrary: text(prototypeMessage) },
  { weight: 40, arbitrary: text(deeplyNestedMessage) },
  { weight: 20, arbitrary: text(nearLimitMessage) },
  { weight: 50, arbitrary: binaryFrame.map((bytes): FuzzFrame => ({ kind: 'binary', bytes })) },
  { weight: 50, arbitrary: fragmentedMessage },
  { weight: 1, arbitrary: socketEndingFrame },
);
