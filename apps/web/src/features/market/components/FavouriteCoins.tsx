import { Button } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { DataAge } from '../../../components/DataAge';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../config/paths';
import { useIsLoggedIn } from '../../../lib/session-store';
import { useWatchList } from '../api/watchlist';
import { coinTopics, useLiveTopics } from '../live/live-prices';
import { useOpenCoin } from './CoinList';
import { CoinRow } from './CoinRow';

/** The Favourites sub-tab: the user's watch list in their order, live; visitors are asked to log in. */
export function FavouriteCoins() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const query = useWatchList('coins');
  const open = useOpenCoin();
  const ids = useMemo(() => query.data?.list.map((coin) => coin.id) ?? [], [query.data]);
  useLiveTopics(useMemo(() => coinTopics(ids), [ids]));
  const edit = () => void navigate({ to: paths.editOptional });

  if (!loggedIn) {
    // SPEC-DECISIONS 10: no visitor watch list.
    return (
      <EmptyState
        testId="favourites-login"
        title={t('market.loginForFavourites')}
        action={
          <Button color="primary" size="small" onClick={() => void navigate({ to: paths.loginRegister })}>
            {t('common.login')}
          </Button>
        }
      />
    );
  }
  return (
    <QueryView query={query} testId="favourites">
      {(data) =>
        data.list.length === 0 ? (
          <EmptyState
            testId="favourites-empty"
            title={t('market.emptyFavourites')}
            action={
              <Button color="primary" size="small" onClick={edit}>
                {t('market.addFavourites')}
              </Button>
            }
          />
        ) : (
          <div data-testid="favourites-list">
            <div className="cl-coin-list-meta">
              <DataAge asOf={data.as_of} stale={data.stale} />
              <Button size="small" fill="none" color="primary" onClick={edit} data-testid="favourites-edit">
                {t('marketList.editFavourites')}
              </Button>
            </div>
            <ul className="cl-plain-list">
              {data.list.map((coin) => (
                <li key={coin.id} style={{ height: 64 }}>
                  <CoinRow coin={coin} onOpen={open} />
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </QueryView>
  );
}
