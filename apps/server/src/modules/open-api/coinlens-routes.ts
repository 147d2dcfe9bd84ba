import { coinlensItemQuery, coinlensListQuery, procedures } from '@coinlens/contract';

import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { CurrencyService } from '../market/currency.service.js';
import type { MarketService } from '../market/market.service.js';
import { OpenApiError } from './open-api-error.js';
import { defineRoute, idParams } from './open-api-route.js';
import type { OpenApiRoute } from './open-api-route.js';

export interface CoinlensDependencies {
  market: MarketService;
  currencies: CurrencyService;
}

const SCORE_SECONDS = 60;

/**
 * `/api/v1`: what only Coinlens publishes, as the app's own procedures answer it — each coin's score with its
 * components, coverage, flags and the reasons it moved, verified volume by venue with what limited it, and each
 * exchange's integrity with its evidence. Every answer names the methodology version it was computed under.
 */
export function coinlensRoutes({ market, currencies }: CoinlensDependencies): OpenApiRoute[] {
  /** The app's own refusals, in this API's words. */
  const answerOf = <T>(kind: 'coin' | 'exchange', read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof ProcedureFailure && error.detail === 'currency')
        throw new OpenApiError(400, 'invalid_parameter', 'vs_currency: unsupported currency');
      if (error instanceof ProcedureFailure)
        throw new OpenApiError(404, `${kind}_not_found`, `${kind} not found`);
      throw error;
    }
  };
  const checkCurrency = (code: string) => answerOf('coin', () => currencies.converter(code));

  return [
    defineRoute({
      path: '/coins',
      summary: 'Coins by Coinlens score, with verified volume and certification',
      response: procedures['appmarket_msrv/coin_list'].output,
      query: coinlensListQuery,
      maxAgeSeconds: SCORE_SECONDS,
      answer: ({ query }) => {
        checkCurrency(query.vs_currency);
        return market.coinList(
          {
            page: query.page,
            page_size: query.per_page,
            sort: 'score',
            order: 'desc',
            filter: 'all',
            hide_low_quality: false,
            currency: query.vs_currency,
          },
          query.lang,
          null,
        );
      },
    }),
    defineRoute({
      path: '/coins/:id/score',
      summary:
        'A coin’s score: components, coverage, flags, why it moved, its history, and verified volume by venue',
      response: procedures['appmarket_msrv/coin_score'].output,
      params: idParams,
      query: coinlensItemQuery,
      maxAgeSeconds: SCORE_SECONDS,
      answer: ({ params, query }) =>
        answerOf('coin', () => market.coinScore(params.id, query.vs_currency, query.lang)),
    }),
    defineRoute({
      path: '/exchanges',
      summary: 'Exchanges by ExRank, with score, integrity and verified volume',
      response: procedures['appmarket_msrv/exchange_list'].output,
      query: coinlensListQuery,
      maxAgeSeconds: SCORE_SECONDS,
      answer: ({ query }) => {
        checkCurrency(query.vs_currency);
        return market.exchangeList(
          {
            page: query.page,
            page_size: query.per_page,
            sort: 'ex_rank',
            kind: 'all',
            currency: query.vs_currency,
          },
          query.lang,
        );
      },
    }),
    defineRoute({
      path: '/exchanges/:id',
      summary:
        'An exchange’s integrity with its flags and evidence, its score and where each figure came from',
      response: procedures['appmarket_msrv/exchange_detail'].output,
      params: idParams,
      query: coinlensItemQuery,
      maxAgeSeconds: SCORE_SECONDS,
      answer: ({ params, query }) =>
        answerOf('exchange', () => market.exchangeDetail(params.id, query.vs_currency, query.lang)),
    }),
  ];
}
