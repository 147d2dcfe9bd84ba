import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import { ListFooter } from '../../../components/ListFooter';
import { paths } from '../../../config/paths';
import type { IntroduceSearch } from '../../../config/search-params';

/** Exchange introduction (params exchange_id, name; the title shows the name). */
export default function IntroducePage({ exchange_id, name }: IntroduceSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!exchange_id) {
    return (
      <div data-testid="page-introduce">
        <EmptyState testId="introduce-missing" title={t('exchange.missing')} />
      </div>
    );
  }
  return (
    <div className="cl-detail" data-testid="page-introduce">
      <div className="cl-detail-head">
        <h2 className="cl-detail-name">{name ?? exchange_id}</h2>
        <Button
          size="small"
          onClick={() => void navigate({ to: paths.exchangeDetail, search: { exchange_id } })}
          data-testid="introduce-about"
        >
          {t('title.exchangeDetail')}
        </Button>
      </div>
      <h3 className="cl-section-title">{t('exchange.pairs')}</h3>
      <EmptyState testId="introduce-empty" title={t('exchange.pairsEmpty')} />
      <ListFooter state="none" />
    </div>
  );
}
