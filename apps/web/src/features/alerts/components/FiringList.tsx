import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatDateTime } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { alertQueries } from '../api/alert-queries';
import { alertSentence, firingDetail } from '../alert-text';
import './alerts.css';

/** The history: every firing, newest first — when, which coin, what crossed and the value seen; tap opens the coin. */
export function FiringList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(alertQueries.firings());
  return (
    <QueryView query={query} testId="firings">
      {(data) => {
        const firings = data.pages.flatMap((page) => page.list);
        if (firings.length === 0)
          return (
            <EmptyState
              testId="firings-empty"
              title={t('alerts.history.empty')}
              description={t('alerts.history.emptyDescription')}
            />
          );
        return (
          <>
            <ul className="cl-alert-list" data-testid="firing-list">
              {firings.map((firing) => (
                <li key={firing.id} className="cl-alert-row">
                  <button
                    type="button"
                    className="cl-alert-row-main cl-firing-row"
                    onClick={() =>
                      void navigate({
                        to: paths.currencyIntro,
                        search: { coin_id: firing.coin_id, symbol: firing.coin_symbol },
                      })
                    }
                    data-testid="firing-row"
                  >
                    <span className="cl-alert-symbol-badge" aria-hidden="true">
                      {firing.coin_symbol.slice(0, 4)}
                    </span>
                    <span className="cl-alert-row-text">
                      <span className="cl-alert-row-title">
                        <span className="cl-alert-row-symbol">{firing.coin_symbol}</span>
                        <span className="cl-alert-row-sentence">{alertSentence(firing, t)}</span>
                      </span>
                      <span className="cl-alert-row-sub">
                        <span className="cl-firing-observed" data-testid="firing-observed">
                          {firingDetail(firing, t)}
                        </span>
                        <time>{formatDateTime(firing.time, 'YYYY-MM-DD HH:mm')} (UTC+8)</time>
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <LoadMoreFooter query={query} testId="firings-more" />
          </>
        );
      }}
    </QueryView>
  );
}
