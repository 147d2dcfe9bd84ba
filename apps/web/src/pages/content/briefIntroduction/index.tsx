import { useTranslation } from 'react-i18next';

import { Disclaimer } from '../../../components/Disclaimer';
import { EmptyState } from '../../../components/EmptyState';
import type { BriefIntroductionSearch } from '../../../config/search-params';

/** A coin's project description, team and links (param coin_id, SPEC-DECISIONS 8). */
export default function BriefIntroductionPage({ coin_id }: BriefIntroductionSearch) {
  const { t } = useTranslation();
  return (
    <div className="cl-detail" data-testid="page-briefIntroduction">
      <EmptyState testId="brief-empty" title={coin_id ? t('coin.introEmpty') : t('coin.missing')} />
      <Disclaimer />
    </div>
  );
}
