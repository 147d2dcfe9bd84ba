import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import type { NewsDetailSearch } from '../../../config/search-params';

/** News or flash detail (params information_id, type fastnews | news). */
export default function NewsDetailPage({ information_id, type }: NewsDetailSearch) {
  const { t } = useTranslation();
  return (
    <article className="cl-detail" data-testid="page-newsDetail" data-news-type={type ?? 'news'}>
      <EmptyState testId="news-detail-empty" title={information_id ? t('news.empty') : t('news.missing')} />
    </article>
  );
}
