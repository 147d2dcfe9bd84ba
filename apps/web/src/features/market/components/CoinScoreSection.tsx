import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatList, SCORE_FACTOR_FAMILY, sourceLabel } from '@coinlens/contract';
import type { CoinScoreView, ScoreFactor } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { Money } from '@/components/Money';
import { QueryView } from '@/components/QueryView';
import { useSettingsStore } from '@/lib/settings-store';
import { marketQueries } from '../api/market-queries';
import { CertificationBadge } from './CertificationBadge';
import { ScoreBadge } from '@/components/ScoreBadge';
import { ScoreMethodology } from './ScoreMethodology';

import './score.css';

const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)}`;

/** Coverage of one factor, from the answer: whether it had data and from which source. */
function coverageOf(view: CoinScoreView, factor: ScoreFactor) {
  return view.coverage.find((entry) => entry.factor === factor);
}

/** The factors that had data (with their source), then the ones that had none, named: never all seven by default. */
function ComponentBars({ view }: { view: CoinScoreView }) {
  const { t, language } = useTranslation();
  const used = view.components.filter((component) => coverageOf(view, component.factor)?.available);
  const missing = view.components.filter((component) => !coverageOf(view, component.factor)?.available);
  return (
    <>
      <p className="cl-score-muted" data-testid="score-factor-count">
        {t('score.factorsWithData', { count: used.length, total: view.components.length })}
      </p>
      <ul className="cl-score-bars" data-testid="score-components">
        {used.map((component) => {
          const source = coverageOf(view, component.factor)?.source;
          return (
            <li
              key={component.factor}
              className="cl-score-bar"
              data-testid={`score-component-${component.factor}`}
            >
              <span>
                {t(`score.factor.${component.factor}`)}{' '}
                <span className="cl-score-muted">
                  {t('score.weight', { weight: Math.round(component.weight * 100) })}
                  {source && ` · ${t('score.source', { source: sourceLabel(source, language) })}`}
                </span>
              </span>
              <span>
                {component.percentile === null ? t('score.noData') : Math.round(component.percentile)}
              </span>
              <span className="cl-score-bar-meter" aria-hidden="true">
                <span
                  className="cl-score-bar-fill"
                  style={{ display: 'block', width: `${component.percentile ?? 0}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
      {missing.length > 0 && (
        <p className="cl-score-muted" data-testid="score-no-data">
          {t('score.noDataFor', {
            factors: formatList(
              missing.map((component) => t(`score.factor.${component.factor}`)),
              language,
            ),
          })}
        </p>
      )}
    </>
  );
}

function Movement({ view }: { view: CoinScoreView }) {
  const { t } = useTranslation();
  if (!view.movement)
    return (
      <p className="cl-score-muted" data-testid="score-movement-none">
        {t('score.noMovement')}
      </p>
    );
  const { movement } = view;
  return (
    <div data-testid="score-movement">
      <p>
        {t('score.movedSince', {
          change: signed(movement.change),
          time: `${formatDateTime(movement.since, 'MM-DD HH:mm')} (UTC+8)`,
        })}
      </p>
      <ul className="cl-score-venues">
        {movement.drivers.map((driver) => (
          <li key={driver.factor} className="cl-score-venue">
            <span>{t(`score.factor.${driver.factor}`)}</span>
            <span>{t('score.points', { points: signed(driver.points) })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Venues({ view }: { view: CoinScoreView }) {
  const { t } = useTranslation();
  return (
    <ul className="cl-score-venues" data-testid="score-venues">
      {view.venues.slice(0, 12).map((venue) => (
        <li
          key={venue.exchange_id}
          className="cl-score-venue"
          data-testid={`score-venue-${venue.exchange_id}`}
        >
          <span>{venue.name}</span>
          <span>
            <Money value={venue.verified_amount_24h} compact /> / <Money value={venue.amount_24h} compact />
          </span>
          <span className="cl-score-venue-note">
            {venue.integrity !== null && `${t('score.integrity')} ${Math.round(venue.integrity * 100)}% · `}
            {t(`score.limitedBy.${venue.limited_by}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ScoreBody({ view }: { view: CoinScoreView }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="cl-score-head">
        <ScoreBadge score={view.score} size="large" testId="coin-score-value" />
        <h3>{t('score.title')}</h3>
        <CertificationBadge state={view.certification} />
      </div>
      <p className="cl-score-rank" data-testid="coin-score-rank">
        {view.score_rank !== null
          ? t('score.rankOf', { rank: view.score_rank, count: view.scored_count })
          : view.score_state === 'not_enough_data'
            ? t('score.notEnoughData')
            : t('score.notScored')}
      </p>
      {view.score_state === 'not_enough_data' && (
        <p className="cl-score-muted" data-testid="score-not-enough">
          {t('score.notEnoughDataHint', { count: evidenceFamilies(view) })}
        </p>
      )}
      <h4 className="cl-score-subtitle">{t('score.components')}</h4>
      <ComponentBars view={view} />
      <h4 className="cl-score-subtitle">{t('score.flags')}</h4>
      {view.flags.length === 0 ? (
        <p className="cl-score-muted" data-testid="score-flags-none">
          {t('score.noFlags')}
        </p>
      ) : (
        <ul className="cl-score-flags" data-testid="score-flags">
          {view.flags.map((flag) => (
            <li key={flag.kind}>{flag.text}</li>
          ))}
        </ul>
      )}
      <h4 className="cl-score-subtitle">{t('score.moved')}</h4>
      <Movement view={view} />
      <h4 className="cl-score-subtitle">{t('score.volume')}</h4>
      <div className="cl-score-venue" data-testid="score-volume">
        <span>{t('score.verified')}</span>
        <Money value={view.verified_amount_24h} compact />
        <span>{t('score.reported')}</span>
        <Money value={view.venues.reduce((sum, venue) => sum + (venue.amount_24h ?? 0), 0)} compact />
      </div>
      <h4 className="cl-score-subtitle">{t('score.venues')}</h4>
      <Venues view={view} />
      <ScoreMethodology version={view.methodology_version} weights={view.components} />
    </>
  );
}

/** How many independent kinds of evidence the coin had (market cap is one). */
function evidenceFamilies(view: CoinScoreView): number {
  return new Set(
    view.coverage.filter((entry) => entry.available).map((entry) => SCORE_FACTOR_FAMILY[entry.factor]),
  ).size;
}

/** The coin page's score: value and rank, components, flags, why it moved, volume counted, methodology. */
export function CoinScoreSection({ coinId }: { coinId: string }) {
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useQuery(marketQueries.coinScore(coinId, currency));
  return (
    <section className="cl-score-section" data-testid="coin-score">
      <QueryView query={query} testId="coin-score">
        {(view) => <ScoreBody view={view} />}
      </QueryView>
    </section>
  );
}
