import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import { ListFooter } from '../../../components/ListFooter';
import { LoginRequired } from '../../../components/login-gate';
import { useIsLoggedIn } from '../../../lib/session-store';

/** Message inbox (login-gated, SPEC-DECISIONS 10). */
export default function NoticePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="page-notice">
      {loggedIn ? (
        <>
          <EmptyState testId="notice-empty" title={t('notice.empty')} />
          <ListFooter state="none" />
        </>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
