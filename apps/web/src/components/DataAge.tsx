import { formatRelativeTime } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { useClock } from '../lib/use-clock';
import { useDisplayLanguage } from '../lib/use-display-language';

export interface DataAgeProps {
  asOf: number;
  stale: boolean;
  /** Show the age even when fresh. */
  always?: boolean;
}

/** How old the numbers are (ARCHITECTURE principle 2): a warning line when the source went quiet. */
export function DataAge({ asOf, stale, always = false }: DataAgeProps) {
  // Hidden, it keeps no clock: a fresh Markets tab would otherwise re-render it every 15 s for nothing.
  return stale || always ? <DataAgeLine asOf={asOf} stale={stale} /> : null;
}

function DataAgeLine({ asOf, stale }: { asOf: number; stale: boolean }) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const now = useClock(15_000);
  const age = formatRelativeTime(asOf, Math.max(now, asOf), language);
  return (
    <p
      className={stale ? 'cl-data-age cl-data-age-stale' : 'cl-data-age'}
      data-testid={stale ? 'data-stale' : 'data-age'}
      role={stale ? 'status' : undefined}
    >
      {stale ? t('data.staleAge', { age }) : t('data.updatedAt', { age })}
    </p>
  );
}
