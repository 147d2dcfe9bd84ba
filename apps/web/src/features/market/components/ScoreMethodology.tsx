import type { SCORE_FACTORS } from '@coinlens/contract';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

/** Published weights of methodology 1.0.0 (docs/score-methodology.md), as the server's answers carry them. */
export interface ScoreMethodologyProps {
  version: string;
  weights?: readonly { factor: (typeof SCORE_FACTORS)[number]; weight: number }[];
}

/** The "Methodology x.y.z" link and the sheet that explains the score in the app's language. */
export function ScoreMethodology({ version, weights }: ScoreMethodologyProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="cl-score-link"
        onClick={() => setOpen(true)}
        data-testid="score-methodology"
      >
        {t('score.methodology', { version })}
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} destroyOnClose>
        <div className="cl-score-section" data-testid="score-methodology-sheet">
          <h3>{t('score.methodologyTitle')}</h3>
          <p>{t('score.methodologyBody')}</p>
          {weights && (
            <ul className="cl-score-venues">
              {weights.map(({ factor, weight }) => (
                <li key={factor} className="cl-score-venue">
                  <span>{t(`score.factor.${factor}`)}</span>
                  <span>{Math.round(weight * 100)}%</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Popup>
    </>
  );
}
