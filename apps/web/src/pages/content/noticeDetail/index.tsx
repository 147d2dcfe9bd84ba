import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import { LoginRequired } from '../../../components/login-gate';
import type { NoticeDetailSearch } from '../../../config/search-params';
import { useIsLoggedIn } from '../../../lib/session-store';

/** One inbox message (param id, SPEC-DECISIONS 8; login-gated). */
export default function NoticeDetailPage({ id }: NoticeDetailSearch) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="page-noticeDetail">
      {loggedIn ? (
        <EmptyState
          testId="notice-detail-empty"
          title={id ? t('notice.detailEmpty') : t('notice.detailMissing')}
        />
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
