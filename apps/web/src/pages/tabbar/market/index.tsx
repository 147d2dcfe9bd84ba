import { Button, Tabs } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Disclaimer } from '../../../components/Disclaimer';
import { EmptyState } from '../../../components/EmptyState';
import { ListFooter } from '../../../components/ListFooter';
import { useLoginGate } from '../../../components/login-gate';
import { paths } from '../../../config/paths';
import { useIsLoggedIn } from '../../../lib/session-store';

type SubTab = 'favourites' | 'coins' | 'sectors';

function ListHeader({ columns }: { columns: string[] }) {
  return (
    <div className="cl-list-header" role="presentation">
      {columns.map((column) => (
        <span key={column}>{column}</span>
      ))}
    </div>
  );
}

function Favourites() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const gate = useLoginGate();
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
    <EmptyState
      testId="favourites-empty"
      title={t('market.emptyFavourites')}
      action={
        <Button
          color="primary"
          size="small"
          onClick={() => gate(() => void navigate({ to: paths.editOptional }))}
        >
          {t('market.addFavourites')}
        </Button>
      }
    />
  );
}

/** Markets tab (spec §2 tab 0): search entry, Favourites / Coins / Sectors, disclaimer at the foot. */
export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<SubTab>('coins');
  const columns = [t('market.colName'), t('market.colPrice'), t('market.colChange')];
  return (
    <div className="cl-tab-page" data-testid="page-market">
      <button
        type="button"
        className="cl-search-entry"
        data-testid="market-search-entry"
        onClick={() => void navigate({ to: paths.search })}
      >
        <SearchOutline aria-hidden="true" />
        <span>{t('search.placeholder')}</span>
      </button>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as SubTab)} className="cl-sub-tabs">
        <Tabs.Tab key="favourites" title={t('market.favourites')}>
          <Favourites />
        </Tabs.Tab>
        <Tabs.Tab key="coins" title={t('market.coins')}>
          <ListHeader columns={columns} />
          <EmptyState testId="coins-empty" title={t('market.emptyCoins')} />
          <ListFooter state="none" />
        </Tabs.Tab>
        <Tabs.Tab key="sectors" title={t('market.sectors')}>
          <ListHeader columns={[t('market.colSector'), t('market.colChange')]} />
          <EmptyState testId="sectors-empty" title={t('market.emptySectors')} />
          <ListFooter state="none" />
        </Tabs.Tab>
      </Tabs>
      <Disclaimer />
    </div>
  );
}
