import { formatList, sourceLabel, type ExchangeDetail } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { Money } from '@/components/Money';
import { ScoreBadge } from '@/components/ScoreBadge';
import { ScoreMethodology } from './ScoreMethodology';

import './score.css';

/** An exchange's score: value, trade-data integrity and what lowered it, turnover counted vs reported. */
export function ExchangeScoreSection({ exchange }: { exchange: ExchangeDetail }) {
  const { t, language } = useTranslation();
  const sampled = exchange.coverage.find((entry) => entry.factor === 'integrity')?.available ?? false;
  // Without trades to judge, the integrity the score assumes (1) is not shown as a finding.
  const integrity = exchange.integrity === null || !sampled ? null : Math.round(exchange.integrity * 100);
  const covered = exchange.coverage.filter((entry) => entry.available);
  return (
    <section className="cl-score-section" data-testid="exchange-score">
      <div className="cl-score-head">
        <ScoreBadge score={exchange.score} size="large" testId="exchange-score-value" />
        <h3>{t('score.exchangeTitle')}</h3>
      </div>
      <ul className="cl-score-bars">
        <li className="cl-score-bar" data-testid="exchange-integrity">
          <span>{t('score.integrity')}</span>
          <span>{integrity === null ? t('score.integrityNotChecked') : `${integrity}%`}</span>
          <span className="cl-score-bar-meter" aria-hidden="true">
            <span className="cl-score-bar-fill" style={{ display: 'block', width: `${integrity ?? 0}%` }} />
          </span>
        </li>
      </ul>
      {exchange.coverage.length > 0 && (
        <p className="cl-score-muted" data-testid="exchange-coverage">
          {covered
            .map(
              (entry) =>
                `${t(`score.exchangeFactor.${entry.factor}`)} · ${t('score.source', { source: sourceLabel(entry.source ?? '', language) })}`,
            )
            .join(' — ')}
          {covered.length < exchange.coverage.length &&
            ` — ${t('score.noDataFor', {
              factors: formatList(
                exchange.coverage
                  .filter((entry) => !entry.available)
                  .map((entry) => t(`score.exchangeFactor.${entry.factor}`)),
                language,
              ),
            })}`}
        </p>
      )}
      <h4 className="cl-score-subtitle">{t('score.integrityFlags')}</h4>
      {exchange.integrity_flags.length > 0 ? (
        <ul className="cl-score-flags" data-testid="exchange-integrity-flags">
          {exchange.integrity_flags.map((flag) => (
            <li key={flag.kind}>{flag.text}</li>
          ))}
        </ul>
      ) : integrity === null ? (
        // Nothing was found because nothing was read: no verdict on its trades.
        <p className="cl-score-muted" data-testid="exchange-integrity-unchecked">
          {t('score.integrityUnchecked')}
        </p>
      ) : (
        <p className="cl-score-muted" data-testid="exchange-integrity-flags-none">
          {t('score.noIntegrityFlags')}
        </p>
      )}
      <h4 className="cl-score-subtitle">{t('score.volume')}</h4>
      <div className="cl-score-venue" data-testid="exchange-score-volume">
        <span>{t('score.verified')}</span>
        <Money value={exchange.verified_amount_24h} compact />
        <span>{t('score.reported')}</span>
        <Money value={exchange.amount_24h} compact />
      </div>
      <ScoreMethodology version={exchange.methodology_version} />
    </section>
  );
}
