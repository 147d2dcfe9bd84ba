import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { formatDateHeader, formatDateTime } from '@coinlens/contract';

import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { useDisplayLanguage } from '@/lib/use-display-language';
import { contentQueries, flashDays } from '../api/content-queries';
import { ArticleCoins } from './ArticleCoins';
import { SourceLine } from './SourceLine';
import { VoteButtons } from './VoteButtons';
import './content.css';

/** Noon of a UTC+8 calendar day, for its localised heading. */
function dayMoment(date: string): number {
  return Date.parse(`${date}T12:00:00+08:00`);
}

/** Flashes as a timeline under localised UTC+8 day headings, with votes; `coinId` narrows to one coin. */
export function FlashTimeline({ coinId }: { coinId?: string }) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const query = useInfiniteQuery(contentQueries.flashes(coinId));
  return (
    <QueryView query={query} testId="flashes">
      {(data) => {
        const days = flashDays(data.pages);
        if (days.length === 0)
          return <EmptyState testId="flashes-empty" title={t('viewpoint.emptyFlashes')} />;
        return (
          <div className="cl-timeline" data-testid="flash-timeline">
            {days.map((day) => (
              <section
                key={day.date}
                aria-label={`${formatDateHeader(dayMoment(day.date), language)} (UTC+8)`}
              >
                {/* The day and the times under it are on a UTC+8 clock (decision D3). */}
                <h3 className="cl-date-header" data-testid="date-header">
                  {formatDateHeader(dayMoment(day.date), language)} (UTC+8)
                </h3>
                <ol className="cl-flash-list">
                  {day.list.map((flash) => (
                    <li
                      key={flash.id}
                      className={`cl-flash${flash.important ? ' cl-flash-important' : ''}`}
                      data-testid="flash"
                    >
                      <time className="cl-flash-time" dateTime={new Date(flash.time).toISOString()}>
                        {formatDateTime(flash.time, 'HH:mm')}
                      </time>
                      <button
                        type="button"
                        className="cl-flash-body"
                        onClick={() =>
                          void navigate({
                            to: paths.newsDetail,
                            search: { information_id: String(flash.id), type: 'fastnews' },
                          })
                        }
                      >
                        <span className="cl-flash-title">{flash.title}</span>
                        {flash.content && <span className="cl-flash-content">{flash.content}</span>}
                      </button>
                      <div className="cl-flash-meta">
                        <SourceLine source={flash.source} />
                        <ArticleCoins coins={flash.coins} />
                      </div>
                      <VoteButtons flash={flash} />
                    </li>
                  ))}
                </ol>
              </section>
            ))}
            <LoadMoreFooter query={query} testId="flashes-more" />
          </div>
        );
      }}
    </QueryView>
  );
}
