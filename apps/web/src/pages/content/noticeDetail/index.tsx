import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@coinlens/contract';

import { EmptyState } from '@/components/EmptyState';
import { LoginRequired } from '@/components/login-gate';
import { QueryView } from '@/components/QueryView';
import type { NoticeDetailSearch } from '@/config/search-params';
import { inboxQueries, useMarkRead } from '@/features/inbox/api/inbox-queries';
import { useIsLoggedIn } from '@/lib/session-store';
import '@/features/content/components/content.css';

function MessageDetail({ id }: { id: number }) {
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

/** One inbox message (param id, decision D8; login-gated); opening it marks it read. */
export default function NoticeDetailPage({ id }: NoticeDetailSearch) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const messageId = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <div data-testid="page-noticeDetail">
      {!loggedIn ? (
        <LoginRequired />
      ) : messageId === null ? (
        <EmptyState testId="notice-detail-missing" title={t('notice.detailMissing')} />
      ) : (
        <MessageDetail id={messageId} />
      )}
    </div>
  );
}
