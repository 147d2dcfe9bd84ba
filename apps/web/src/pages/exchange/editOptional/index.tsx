import { useTranslation } from 'react-i18next';

import { FOLLOW_LIMIT } from '@coinlens/contract';

import { EmptyState } from '../../../components/EmptyState';
import { LoginRequired } from '../../../components/login-gate';
import { useIsLoggedIn } from '../../../lib/session-store';

/** Edit the coin watch list (login-gated; at most FOLLOW_LIMIT per action). */
export default function EditOptionalPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="page-editOptional">
      {loggedIn ? (
        <>
          <p className="cl-page-hint">{t('follow.limit', { limit: FOLLOW_LIMIT })}</p>
          <EmptyState testId="edit-optional-empty" title={t('follow.emptyCoins')} />
        </>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
