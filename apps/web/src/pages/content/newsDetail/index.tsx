import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import type { NewsDetailSearch } from '@/config/search-params';
import { contentQueries } from '@/features/content/api/content-queries';
import { ArticleView } from '@/features/content/components/ArticleView';
import { CommentSection } from '@/features/content/components/CommentSection';

/** News or flash detail (params information_id, type fastnews | news); without an id, the viewpoint tab. */
export default function NewsDetailPage({ information_id, type = 'news' }: NewsDetailSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!information_id) void navigate({ to: paths.viewpoint, replace: true });
  }, [information_id, navigate]);
  const query = useQuery({
    ...contentQueries.detail(information_id ?? '', type),
    enabled: Boolean(information_id),
  });
  if (!information_id) return null;
  return (
    <article className="cl-detail cl-article" data-testid="page-newsDetail" data-news-type={type}>
      <QueryView query={query} notFoundTitle={t('news.missing')} testId="article">
        {(article) => (
          <>
            <ArticleView article={article} />
            <CommentSection id={information_id} type={type} />
          </>
        )}
      </QueryView>
    </article>
  );
}
