import type { CoinListQuery, CoinTick, GlobalTick } from '@coinlens/contract';

import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { Currencies } from '../market-store/currency-converter.js';
import type { MarketReader } from '../market-store/market-reader.js';
import { parseListTopic } from './live-topic.js';
import { coinTick, globalTick } from './tick-view.js';

/**
 * What one tick looks like, computed once per currency and per list topic however many clients ask, so the
 * fan-out costs a diff per client rather than a conversion per client. The coin list is sorted once per
 * (sort, order): every page and page size of that order is a slice of it.
 */
export class TickContext {
  private readonly coins = new Map<string, Map<string, CoinTick>>();
  private readonly globals = new Map<string, GlobalTick>();
  private readonly lists = new Map<string, string[]>();
  /** Every listed coin id in one order, keyed `sort:order`. */
  private readonly orderings = new Map<string, string[]>();
  readonly stale: boolean;

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly currencies: Currencies,
    private readonly market: MarketReader,
    readonly time: number,
  ) {
    this.stale = snapshot.isStale(time);
  }

  coin(currency: string, id: string): CoinTick | undefined {
    let ticks = this.coins.get(currency);
    if (!ticks) {
      ticks = new Map();
      this.coins.set(currency, ticks);
    }
    const cached = ticks.get(id);
    if (cached) return cached;
    const state = this.snapshot.coins.get(id);
    if (!state) return undefined;
    const tick = coinTick(state, this.currencies.converter(currency), this.stale);
    ticks.set(id, tick);
    return tick;
  }

  global(currency: string): GlobalTick {
    const cached = this.globals.get(currency);
    if (cached) return cached;
    const tick = globalTick(this.snapshot, this.currencies.converter(currency), this.stale);
    this.globals.set(currency, tick);
    return tick;
  }

  /** Ids on a list topic's page, in order; none for a topic `parseListTopic` refuses. */
  listIds(topic: string): string[] {
    const cached = this.lists.get(topic);
    if (cached) return cached;
    const list = parseListTopic(topic);
    const ids = list
      ? this.ordering(list.sort, list.order).slice((list.page - 1) * list.pageSize, list.page * list.pageSize)
      : [];
    this.lists.set(topic, ids);
    return ids;
  }

  private ordering(sort: CoinListQuery['sort'], order: 'asc' | 'desc'): string[] {
    const key = `${sort}:${order}`;
    let ids = this.orderings.get(key);
    if (!ids) {
      const coins = this.market.orderedCoins({ sort, order, filter: 'all', hide_low_quality: false }, null);
      ids = coins.map((coin) => coin.profile.id);
      this.orderings.set(key, ids);
    }
    return ids;
  }
}
