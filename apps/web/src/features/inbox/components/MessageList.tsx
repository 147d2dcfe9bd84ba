import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { formatDateTime } from '@coinlens/contract';

import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { inboxQueries, useMarkRead, useUnreadCount } from '../api/inbox-queries';
import '@/components/feed.css';
import './inbox.css';

/** The user's messages, newest first, unread marked, all can be marked read. */
export function MessageList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(inboxQueries.list());
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  return (
    <QueryView query={query} testId="notice">
      {(data) => {
        const messages = data.pages.flatMap((page) => page.list);
        if (messages.length === 0) return <EmptyState testId="notice-empty" title={t('notice.empty')} />;
        return (
          <>
            {unread !== undefined && (
              <div className="cl-inbox-bar">
                <span data-testid="unread-summary">{t('notice.unread', { count: unread })}</span>
                <Button
                  size="mini"
                  fill="none"
                  disabled={unread === 0 || markRead.isPending}
                  onClick={() => markRead.mutate({ all: true })}
                  data-testid="mark-all-read"
                >
                  {t('notice.markAllRead')}
                </Button>
              </div>
            )}
            <ul className="cl-inbox-list">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    className={`cl-inbox-row${message.read ? '' : ' cl-inbox-unread'}`}
                    data-testid="message-row"
                    data-read={message.read}
                    onClick={() =>
                      void navigate({ to: paths.noticeDetail, search: { id: String(message.id) } })
                    }
                  >
                    <span className="cl-inbox-title">
                      {!message.read && <Badge content={Badge.dot} className="cl-inbox-dot" />}
                      {message.title}
                    </span>
                    <span className="cl-inbox-summary">{message.summary}</span>
                    <time className="cl-inbox-time">
                      {formatDateTime(message.time, 'YYYY-MM-DD HH:mm')} (UTC+8)
                    </time>
                  </button>
                </li>
              ))}
            </ul>
            <LoadMoreFooter query={query} testId="notice-more" />
          </>
        );
      }}
    </QueryView>
  );
}
