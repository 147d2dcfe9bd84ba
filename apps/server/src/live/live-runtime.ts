import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { ServerEventSource } from '../runtime/server-events.js';
import { InProcessPubSub, MARKET_TICK_CHANNEL, type PubSub } from './pub-sub.js';
import { StalenessWatch } from './staleness-watch.js';

export interface LiveRuntime {
  /** The channel the hub hears every change of this instance's snapshot on. */
  pubSub: PubSub;
  stop(): void;
}

/**
 * What tells the live hub that the snapshot changed: this instance's own ticks (`market.ticked`), the leader's
 * stream applied on a follower (`market.followed`), and the snapshot turning stale or fresh without a tick.
 * Built before the other listeners of `market.ticked`, so sockets hear a tick first.
 */
export function createLiveRuntime(deps: {
  events: ServerEventSource;
  snapshot: MarketSnapshot;
  now: () => number;
}): LiveRuntime {
  const { now } = deps;
  const pubSub = new InProcessPubSub();
  const announce = () => void pubSub.publish(MARKET_TICK_CHANNEL, String(now()));
  deps.events.on('market.ticked', announce);
  deps.events.on('market.followed', announce);
  const staleness = new StalenessWatch(deps.snapshot, announce, now);
  staleness.start();
  return { pubSub, stop: () => staleness.stop() };
}
