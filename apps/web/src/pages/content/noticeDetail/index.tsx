import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { LoginRequired } from '@/components/LoginRequired';
import type { NoticeDetailSearch } from '@/config/search-params';
import { MessageDetail } from '@/features/inbox/components/MessageDetail';
import { useIsLoggedIn } from '@/lib/session-store';
import { messageLinkTarget } from './message-link';

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
        <MessageDetail id={messageId} linkTarget={messageLinkTarget} />
      )}
    </div>
  );
}
