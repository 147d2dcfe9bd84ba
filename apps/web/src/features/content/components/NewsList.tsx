import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { formatDateTime } from '@coinlens/contract';

import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { contentQueries } from '../api/content-queries';
import { SourceLine } from './SourceLine';
import '@/components/feed.css';
import './content.css';

/** News articles with their cover images, newest first; `coinId` narrows to one coin. */
export function NewsList({ coinId }: { coinId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(contentQueries.news(coinId));
  return (
    <QueryView query={query} testId="news">
      {(data) => {
        const items = data.pages.flatMap((page) => page.list);
        if (items.length === 0) return <EmptyState testId="news-empty" title={t('viewpoint.emptyNews')} />;
        return (
          <div data-testid="news-list">
            <ul className="cl-news-list">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="cl-news-row"
                    data-testid="news-row"
                    onClick={() =>
                      void navigate({
                        to: paths.newsDetail,
                        search: { information_id: String(item.id), type: 'news' },
                      })
                    }
                  >
                    <span className="cl-news-text">
                      <span className="cl-news-title">{item.title}</span>
                      <SourceLine
                        source={item.source}
                        time={`${formatDateTime(item.time, 'MM-DD HH:mm')} (UTC+8)`}
                      />
                    </span>
                    {item.image_url && (
                      <img
                        className="cl-news-image"
                        src={item.image_url}
                        alt=""
                        loading="lazy"
                        width={96}
                        height={64}
                      />
                    )}
                  </button>
                </li>
              ))}
            </ul>
            <LoadMoreFooter query={query} testId="news-more" />
          </div>
        );
      }}
    </QueryView>
  );
}
