import { z } from 'zod';

/**
 * The `/gwapi/ws` protocol. Topics: `global`, `coin:<id>`, `list:<sort>:<order>:<page>:<page_size>` (the
 * coin list's ranking; page and page_size as coin_list allows them, written without leading zeros, anything
 * else is refused with 50500). The server answers a subscription with a snapshot, then sends only changed
 * fields, at most one frame per client per tick, and a heartbeat when nothing changed for a while.
 */
export const LIVE_TOPIC_PATTERN =
  /^(global|coin:[a-z0-9-]{1,100}|list:[a-z_0-9]{1,30}:(asc|desc):\d{1,4}:\d{1,3})$/;
/** Topics in one (un)subscribe message. */
export const MAX_LIVE_TOPICS = 120;
/** Topics one connection may hold at once; a subscription that would pass it is refused whole with 3009. */
export const MAX_LIVE_SESSION_TOPICS = 200;

export const liveClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    topics: z.array(z.string().regex(LIVE_TOPIC_PATTERN)).min(1).max(MAX_LIVE_TOPICS),
    /** Currency of the values sent from now on (default usd). */
    currency: z
      .string()
      .regex(/^[a-z]{3,5}$/)
      .optional(),
  }),
  z.object({
    op: z.literal('unsubscribe'),
    topics: z.array(z.string().regex(LIVE_TOPIC_PATTERN)).min(1).max(MAX_LIVE_TOPICS),
  }),
  z.object({ op: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** The live fields of a coin (values in the subscription's currency). */
export interface CoinTick {
  price: number | null;
  change_24h: number | null;
  volume_24h: number | null;
  amount_24h: number | null;
  market_cap: number | null;
  circulating_market_cap: number | null;
  high_24h: number | null;
  low_24h: number | null;
  rank: number;
  stale: boolean;
  as_of: number;
}

export interface GlobalTick {
  total_market_cap: number;
  total_volume_24h: number;
  btc_dominance: number;
  rising: number;
  falling: number;
  unchanged: number;
  stale: boolean;
}

export type LiveEvent =
  | { type: 'snapshot'; topic: string; coins?: Record<string, CoinTick>; ids?: string[]; global?: GlobalTick }
  | { type: 'coin'; id: string; changes: Partial<CoinTick> }
  | { type: 'global'; changes: Partial<GlobalTick> }
  | { type: 'list'; topic: string; ids: string[] }
  | { type: 'heartbeat' }
  | { type: 'error'; code: number; msg: string };

/** One frame: every event of one tick for one client. */
export interface LiveFrame {
  t: number;
  events: LiveEvent[];
}
