import { isErrorCode } from '@coinlens/contract';
import type { LiveFrame } from '@coinlens/contract';
import { z } from 'zod';

// The contract types what the server sends (LiveFrame) but has no schema for it: this one reads a frame as a
// client would, so a test can tell a frame of the protocol from anything else.

const nullableNumber = z.number().nullable();

const coinTick = z.object({
  price: nullableNumber,
  change_24h: nullableNumber,
  volume_24h: nullableNumber,
  amount_24h: nullableNumber,
  market_cap: nullableNumber,
  circulating_market_cap: nullableNumber,
  high_24h: nullableNumber,
  low_24h: nullableNumber,
  rank: z.number(),
  stale: z.boolean(),
  as_of: z.number(),
});

const globalTick = z.object({
  total_market_cap: z.number(),
  total_volume_24h: z.number(),
  btc_dominance: z.number(),
  rising: z.number(),
  falling: z.number(),
  unchanged: z.number(),
  stale: z.boolean(),
});

const liveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    topic: z.string(),
    coins: z.record(z.string(), coinTick).optional(),
    ids: z.array(z.string()).optional(),
    global: globalTick.optional(),
  }),
  z.object({ type: z.literal('coin'), id: z.string(), changes: coinTick.partial() }),
  z.object({ type: z.literal('global'), changes: globalTick.partial() }),
  z.object({ type: z.literal('list'), topic: z.string(), ids: z.array(z.string()) }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({
    type: z.literal('error'),
    code: z.number().refine(isErrorCode, 'a code of the catalogue'),
    msg: z.string(),
  }),
]);

/** One frame from `/gwapi/ws`: every event of one tick, or the answer to one message. */
export const liveFrameSchema: z.ZodType<LiveFrame> = z.object({
  t: z.number(),
  events: z.array(liveEvent).min(1),
});
