import { memo } from 'react';

import { useTranslation } from '@/lib/i18n';

import './score-badge.css';

/** Bands of the badge's colour: low below 30, middling to 60, strong above. */
export function scoreBand(score: number): 'low' | 'mid' | 'high' {
  if (score < 30) return 'low';
  return score < 60 ? 'mid' : 'high';
}

export interface ScoreBadgeProps {
  score: number | null;
  size?: 'small' | 'large';
  testId?: string;
}

/** The Coinlens score, 0–100; a dash (never 0) while the coin or exchange is not scored. */
export const ScoreBadge = memo(function ScoreBadge({ score, size = 'small', testId }: ScoreBadgeProps) {
  const { t } = useTranslation();
  if (score === null)
    return (
      <span
        className={`cl-score cl-score-${size} cl-score-none`}
        data-testid={testId}
        title={t('score.notScored')}
      >
        –
      </span>
    );
  return (
    <span
      className={`cl-score cl-score-${size} cl-score-${scoreBand(score)}`}
      data-testid={testId}
      data-score={score}
      aria-label={`${t('score.title')} ${score.toFixed(1)}`}
    >
      {size === 'large' ? score.toFixed(1) : Math.round(score)}
    </span>
  );
});
