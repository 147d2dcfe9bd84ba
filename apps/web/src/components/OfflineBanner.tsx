import { formatRelativeTime } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { useDisplayLanguage } from '../lib/use-display-language';
import { useClock } from '../lib/use-clock';
import './offline-banner.css';

/** Says that the network is unreachable and how old the kept data on screen is. */
export function OfflineBanner({ savedAt }: { savedAt: number }) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const now = useClock(15_000);
  const age = formatRelativeTime(savedAt, Math.max(now, savedAt), language);
  return (
    <p className="cl-offline-banner" role="status" data-testid="offline-banner">
      {t('offline.dataFrom', { age })}
    </p>
  );
}
