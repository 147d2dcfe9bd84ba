import { Button } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

import { DataAge } from '../../../components/DataAge';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../config/paths';
import { useIsLoggedIn } from '../../../lib/session-store';
import { useWatchList } from '../api/watchlist';
import { useOpenExchange } from './ExchangeList';
import { EXCHANGE_ROW_HEIGHT, ExchangeRow } from './ExchangeRow';

/** The Following sub-tab: the exchanges the user follows, in their order; visitors are asked to log in. */
export function FollowedExchanges() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const query = useWatchList('exchange');
  const open = useOpenExchange();
  const edit = () => void navigate({ to: paths.editFollow });
  if (!loggedIn) {
    return (
      <EmptyState
        testId="following-login"
        title={t('platform.loginForFollowing')}
        action={
          <Button color="primary" size="small" onClick={() => void navigate({ to: paths.loginRegister })}>
            {t('common.login')}
          </Button>
        }
      />
    );
  }
  return (
    <QueryView query={query} testId="following">
      {(data) =>
        data.list.length === 0 ? (
          <EmptyState
            testId="following-empty"
            title={t('platform.emptyFollowing')}
            action={
              <Button color="primary" size="small" onClick={edit}>
                {t('exchanges.addFollowing')}
              </Button>
            }
          />
        ) : (
          <div data-testid="following-list">
            <div className="cl-coin-list-meta">
              <DataAge asOf={data.as_of} stale={data.stale} />
              <Button size="small" fill="none" color="primary" onClick={edit} data-testid="following-edit">
                {t('platform.manage')}
              </Button>
            </div>
            <ul className="cl-plain-list">
              {data.list.map((exchange) => (
                <li key={exchange.id} style={{ height: EXCHANGE_ROW_HEIGHT }}>
                  <ExchangeRow exchange={exchange} onOpen={open} />
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </QueryView>
  );
}
