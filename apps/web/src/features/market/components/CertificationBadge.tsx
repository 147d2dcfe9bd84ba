import type { CoinDetail } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import './coin-page.css';

/** The certification state badge (decision D6). */
export function CertificationBadge({ state }: { state: CoinDetail['certification'] }) {
  const { t } = useTranslation();
  return (
    <span className={`cl-cert cl-cert-${state}`} data-testid="coin-certification">
      {t(`coin.certification.${state}`)}
    </span>
  );
}
