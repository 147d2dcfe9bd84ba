import { coinFlagText, SCORE_FACTORS } from '@coinlens/contract';
import type { AppLanguage, CoinScoreView, ScoreState } from '@coinlens/contract';
import { COIN_FACTOR_WEIGHTS, SCORE_METHODOLOGY_VERSION } from '@coinlens/score';
import type { CoinFlag } from '@coinlens/score';

import type { CoinState, MarketSnapshot } from '../../market-store/market-snapshot.js';
import type { Converter } from '../../market-store/currency-converter.js';
import { coverageView } from './coverage-view.js';
import type { Freshness } from '../../market-store/market-reader.js';
import { roundScore } from './market-views.js';
import { significantOrNull } from '../../market-store/precision.js';

const round1 = (value: number) => Math.round(value * 10) / 10;

function flagFigure(flag: CoinFlag): number | null {
  if (flag.kind === 'unconfirmed_social_spike') return flag.followerGrowth;
  if (flag.kind === 'concentrated_holders') return flag.top10Share;
  return null;
}

function flagVenues(flag: CoinFlag): string[] {
  return flag.kind === 'suspicious_volume' || flag.kind === 'price_outlier_excluded' ? flag.exchangeIds : [];
}

function scoreState(coin: CoinState): ScoreState {
  if (coin.score) return 'scored';
  return coin.coverage ? 'not_enough_data' : 'pending';
}

/** `appmarket_msrv/coin_score`: the breakdown, flags, movement and venues behind a coin's score. */
export function coinScoreView(
  coin: CoinState,
  snapshot: MarketSnapshot,
  money: Converter,
  language: AppLanguage,
  freshness: Freshness,
): CoinScoreView {
  const score = coin.score;
  const exchangeName = (id: string) => snapshot.exchanges.get(id)?.profile.name ?? id;
  const scoredCount = [...snapshot.coins.values()].filter((entry) => entry.score !== null).length;
  const base = {
    coin_id: coin.profile.id,
    methodology_version: SCORE_METHODOLOGY_VERSION,
    scored_count: scoredCount,
    certification: coin.certification,
    score_state: scoreState(coin),
    coverage: coverageView(SCORE_FACTORS, coin.coverage),
    amount_24h: significantOrNull(money.convertNullable(coin.metrics?.amount24h)),
    currency: money.currency,
    as_of: score?.asOf ?? freshness.as_of,
    stale: freshness.stale,
  };
  if (!score) {
    return {
      ...base,
      score: null,
      score_rank: null,
      components: SCORE_FACTORS.map((factor) => ({
        factor,
        percentile: null,
        weight: COIN_FACTOR_WEIGHTS[factor],
      })),
      penalty: 1,
      flags: [],
      movement: null,
      history: [],
      verified_amount_24h: null,
      venues: [],
    };
  }
  const { detail } = score;
  return {
    ...base,
    score: roundScore(score.value),
    score_rank: score.rank,
    components: SCORE_FACTORS.map((factor) => {
      const rank = detail.components[factor];
      return {
        factor,
        percentile: rank === null ? null : round1(rank * 100),
        weight: COIN_FACTOR_WEIGHTS[factor],
      };
    }),
    penalty: 1,
    flags: detail.flags.map((flag) => ({
      kind: flag.kind,
      text: coinFlagText(flag.kind, flagVenues(flag).map(exchangeName), flagFigure(flag), language),
      exchange_ids: flagVenues(flag),
    })),
    movement:
      score.movement && score.movementSince !== null
        ? {
            since: score.movementSince,
            change: round1(score.movement.change),
            drivers: score.movement.drivers.map((driver) => ({
              factor: driver.factor,
              points: round1(driver.points),
              from: round1(driver.from * 100),
              to: round1(driver.to * 100),
            })),
            new_flags: score.movement.newFlags,
            cleared_flags: score.movement.clearedFlags,
          }
        : null,
    history: score.history.map((time, value) => ({ time, score: roundScore(value) })),
    verified_amount_24h: significantOrNull(money.convert(detail.values.volume.verified)),
    venues: detail.values.volume.venues
      .map((venue) => ({
        exchange_id: venue.exchangeId,
        name: exchangeName(venue.exchangeId),
        amount_24h: significantOrNull(money.convert(venue.reported)),
        verified_amount_24h: significantOrNull(money.convert(venue.verified)),
        // A venue nobody checked for the coin has no integrity to show, whatever its exchange's default.
        integrity:
          venue.limitedBy === 'no_evidence'
            ? null
            : (snapshot.exchanges.get(venue.exchangeId)?.score?.integrity ?? null),
        limited_by: venue.limitedBy,
      }))
      .sort((a, b) => (b.amount_24h ?? 0) - (a.amount_24h ?? 0)),
  };
}
