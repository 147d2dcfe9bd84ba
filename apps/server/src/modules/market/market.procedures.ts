import { ErrorCode } from '@coinlens/contract';
import type { ProcedureName } from '@coinlens/contract';

import { ProcedureFailure, SuccessWithMessage } from '../../gateway/procedure-failure.js';
import { callerIdOf } from '../../gateway/procedure-registry.js';
import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { addressKey } from '../../security/address-key.js';
import type { CurrencyService } from './currency.service.js';
import type { MarketService } from './market.service.js';
import type { VersionCache } from './version-cache.js';
import type { WatchlistRepository } from './watchlist.repository.js';

type MarketProcedure = Extract<ProcedureName, `appmarket_msrv/${string}`>;

export interface MarketDependencies {
  market: MarketService;
  /** Shared answers of the current tick. */
  answers: VersionCache;
  currencies: CurrencyService;
  watchedCoins: WatchlistRepository;
  watchedExchanges: WatchlistRepository;
  now: () => number;
}

function requireKnown(ids: readonly string[], known: (id: string) => boolean): void {
  if (!ids.every(known)) throw new ProcedureFailure(ErrorCode.NotFound);
}

export function marketProcedures({
  market,
  answers,
  currencies,
  watchedCoins,
  watchedExchanges,
  now,
}: MarketDependencies): HandlersFor<MarketProcedure> {
  return {
    'appmarket_msrv/get_gecko_supported_dict_currency': () =>
      Promise.resolve({ list: currencies.supported() }),
    'appmarket_msrv/get_gecko_exchange_rates': () =>
      Promise.resolve({ base: 'usd' as const, rates: currencies.rates(), ...market.freshness() }),
    'appmarket_msrv/global_stats': (input) => Promise.resolve(market.globalStats(input.currency)),
    'appmarket_msrv/coin_list': async (input, context) => {
      if (input.filter !== 'watchlist') {
        return answers.get(`coin_list:${context.language}:${JSON.stringify(input)}`, () =>
          market.coinList(input, context.language, null),
        );
      }
      const watchlist = context.user ? await watchedCoins.list(context.user.userId) : null;
      return market.coinList(input, context.language, watchlist);
    },
    'appmarket_msrv/coin_detail': (input, context) =>
      Promise.resolve(
        market.coinDetail(input.coin_id, input.currency, context.language, addressKey(context.ip)),
      ),
    'appmarket_msrv/coin_score': (input, context) =>
      Promise.resolve(market.coinScore(input.coin_id, input.currency, context.language)),
    'appmarket_msrv/coin_kline': (input) =>
      market.kline(input.coin_id, input.range, input.currency, AbortSignal.timeout(10_000)),
    'appmarket_msrv/coin_tickers': (input) =>
      Promise.resolve(market.coinTickers(input.coin_id, input.page, input.page_size, input.currency)),
    'appmarket_msrv/concept_list': (input, context) =>
      Promise.resolve(market.conceptList(input.currency, context.language)),
    'appmarket_msrv/hot_search_coins': (input, context) =>
      market.hotSearchCoins(input.limit, input.currency, context.language),
    'appmarket_msrv/exchange_list': (input, context) =>
      Promise.resolve(
        answers.get(`exchange_list:${context.language}:${JSON.stringify(input)}`, () =>
          market.exchangeList(input, context.language),
        ),
      ),
    'appmarket_msrv/exchange_detail': (input, context) =>
      Promise.resolve(market.exchangeDetail(input.exchange_id, input.currency, context.language)),
    'appmarket_msrv/exchange_tickers': (input) =>
      Promise.resolve(market.exchangeTickers(input.exchange_id, input.page, input.page_size, input.currency)),

    'appmarket_msrv/watch_coins_list': async (input, context) => ({
      list: market.coinsByIds(await watchedCoins.list(callerIdOf(context)), input.currency, context.language),
      currency: input.currency,
      ...market.freshness(),
    }),
    'appmarket_msrv/watch_coins_add': async (input, context) => {
      requireKnown(input.coin_ids, (id) => market.hasCoin(id));
      return new SuccessWithMessage(
        { ids: await watchedCoins.add(callerIdOf(context), input.coin_ids, now()) },
        ErrorCode.FollowSucceeded,
      );
    },
    'appmarket_msrv/watch_coins_remove': async (input, context) =>
      new SuccessWithMessage(
        { ids: await watchedCoins.remove(callerIdOf(context), input.coin_ids) },
        ErrorCode.UnfollowSucceeded,
      ),
    'appmarket_msrv/watch_coins_sort': async (input, context) =>
      new SuccessWithMessage(
        { ids: await watchedCoins.reorder(callerIdOf(context), input.coin_ids) },
        ErrorCode.SettingSucceeded,
      ),

    'appmarket_msrv/watch_exchange_list': async (input, context) => ({
      list: market.exchangesByIds(
        await watchedExchanges.list(callerIdOf(context)),
        input.currency,
        context.language,
      ),
      currency: input.currency,
      ...market.freshness(),
    }),
    'appmarket_msrv/watch_exchange_add': async (input, context) => {
      requireKnown(input.exchange_ids, (id) => market.hasExchange(id));
      return new SuccessWithMessage(
        { ids: await watchedExchanges.add(callerIdOf(context), input.exchange_ids, now()) },
        ErrorCode.FollowSucceeded,
      );
    },
    'appmarket_msrv/watch_exchange_remove': async (input, context) =>
      new SuccessWithMessage(
        { ids: await watchedExchanges.remove(callerIdOf(context), input.exchange_ids) },
        ErrorCode.UnfollowSucceeded,
      ),
    'appmarket_msrv/watch_exchange_sort': async (input, context) =>
      new SuccessWithMessage(
        { ids: await watchedExchanges.reorder(callerIdOf(context), input.exchange_ids) },
        ErrorCode.SettingSucceeded,
      ),
  };
}
