import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

import { formatDateTime } from '@coinlens/contract';

import { QueryView } from '@/components/QueryView';
import { paths, type RoutePath } from '@/config/paths';
import { inboxQueries, useMarkRead } from '../api/inbox-queries';
import '@/components/feed.css';
import './inbox.css';

/** Where a message's link leads, or null when it leads nowhere the app can open. */
export type MessageLinkTarget = (
  link: string | null,
) => { to: RoutePath; search: Record<string, string> } | null;

/** One message; opening it marks it read. A message that points somewhere (a coin alert) gets a button there. */
export function MessageDetail({ id, linkTarget }: { id: number; linkTarget: MessageLinkTarget }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(inboxQueries.detail(id));
  const markRead = useMarkRead();
  const unreadNow = query.data?.read === false;
  const { mutate } = markRead;
  useEffect(() => {
    if (unreadNow) mutate({ id });
  }, [unreadNow, id, mutate]);
  return (
    <QueryView query={query} notFoundTitle={t('notice.detailMissing')} testId="notice-detail">
      {(message) => {
        const target = linkTarget(message.link);
        return (
          <article className="cl-detail cl-message">
            <h1 className="cl-article-title" data-testid="message-title">
              {message.title}
            </h1>
            <time className="cl-inbox-time">{formatDateTime(message.time, 'YYYY-MM-DD HH:mm')} (UTC+8)</time>
            <p className="cl-message-text" data-testid="message-content">
              {message.content}
            </p>
            {target && (
              <Button
                block
                color="primary"
                fill="outline"
                className="cl-message-link"
                onClick={() => void navigate({ to: target.to, search: target.search as never })}
                data-testid="message-link"
              >
                {target.to === paths.currencyIntro ? t('notice.openCoin') : t('notice.openLink')}
              </Button>
            )}
          </article>
        );
      }}
    </QueryView>
  );
}
