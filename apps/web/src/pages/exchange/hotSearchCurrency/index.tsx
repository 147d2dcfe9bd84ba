import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import { ListFooter } from '../../../components/ListFooter';

/** Hot search coins. */
export default function HotSearchCurrencyPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="page-hotSearchCurrency">
      <EmptyState testId="hot-search-empty" title={t('hotSearch.empty')} />
      <ListFooter state="none" />
    </div>
  );
}
