import type { CoinTick, GlobalTick } from '@coinlens/contract';

import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { CurrencyService } from '../modules/market/currency.service.js';
import type { MarketService } from '../modules/market/market.service.js';
import { coinTick, globalTick } from './tick-view.js';

const LIST_TOPIC = /^list:([a-z_0-9]+):(asc|desc):(\d+):(\d+)$/;

/**
 * What one tick looks like, computed once per currency and per list topic however many clients ask, so the
 * fan-out costs a diff per client rather than a conversion per client.
 */
export class TickContext {
  private readonly coins = new Map<string, Map<string, CoinTick>>();
  private readonly globals = new Map<string, GlobalTick>();
  private readonly lists = new Map<string, string[]>();
  readonly stale: boolean;

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly currencies: CurrencyService,
    private readonly market: MarketService,
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

  /** Ids on a list topic's page, in order. */
  listIds(topic: string): string[] {
    const cached = this.lists.get(topic);
    if (cached) return cached;
    const match = LIST_TOPIC.exec(topic);
    let ids: string[] = [];
    if (match) {
      const [, sort = 'rank', order = 'asc', page = '1', size = '50'] = match;
      const query = {
        sort: sort as never,
        order: order as 'asc' | 'desc',
        page: Number(page),
        page_size: Math.min(100, Number(size)),
        filter: 'all' as const,
        hide_low_quality: false,
        currency: 'usd',
      };
      ids = this.market.coinList(query, 'en', null).list.map((coin) => coin.id);
    }
    this.lists.set(topic, ids);
    return ids;
  }
}
