import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

import { formatDateTime } from '@coinlens/contract';

import { QueryView } from '@/components/QueryView';
import { inboxQueries, useMarkRead } from '../api/inbox-queries';
import '@/components/feed.css';
import './inbox.css';

/** One message; opening it marks it read. */
export function MessageDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(inboxQueries.detail(id));
  const markRead = useMarkRead();
  const unreadNow = query.data?.read === false;
  const { mutate } = markRead;
  useEffect(() => {
    if (unreadNow) mutate({ id });
  }, [unreadNow, id, mutate]);
  return (
    <QueryView query={query} notFoundTitle={t('notice.detailMissing')} testId="notice-detail">
      {(message) => (
        <article className="cl-detail cl-message">
          <h1 className="cl-article-title" data-testid="message-title">
            {message.title}
          </h1>
          <time className="cl-inbox-time">{formatDateTime(message.time, 'YYYY-MM-DD HH:mm')} (UTC+8)</time>
          <p className="cl-message-text" data-testid="message-content">
            {message.content}
          </p>
        </article>
      )}
    </QueryView>
  );
}
