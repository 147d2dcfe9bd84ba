import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';

import { Change } from '@/components/Change';
import { ListFooter } from '@/components/ListFooter';
import { Money } from '@/components/Money';
import { QueryView } from '@/components/QueryView';
import { useSettingsStore } from '@/lib/settings-store';
import { marketQueries } from '../api/market-queries';
import './concept-list.css';

export interface ConceptListProps {
  onOpen: (concept: { id: string; name: string }) => void;
}

/** Sectors (hot concepts): 24h change, lead coin, turnover and breadth; a tap lists the sector's coins. */
export function ConceptList({ onOpen }: ConceptListProps) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useQuery(marketQueries.concepts(currency));
  return (
    <QueryView query={query} testId="concepts">
      {(data) => (
        <>
          <ul className="cl-concepts" data-testid="concept-list">
            {data.list.map((concept) => (
              <li key={concept.id}>
                <button
                  type="button"
                  className="cl-concept"
                  onClick={() => onOpen(concept)}
                  data-testid={`concept-${concept.id}`}
                >
                  <span className="cl-concept-main">
                    <span className="cl-concept-name">{concept.name}</span>
                    <span className="cl-concept-sub">
                      {t('marketList.conceptCoins', { count: concept.coin_count })} ·{' '}
                      <Money value={concept.amount_24h} compact />
                    </span>
                  </span>
                  <span className="cl-concept-lead">
                    {concept.lead_coin && (
                      <>
                        <span className="cl-concept-lead-symbol">{concept.lead_coin.symbol}</span>
                        <Change value={concept.lead_coin.change_24h} />
                      </>
                    )}
                  </span>
                  <Change value={concept.change_24h} pill />
                </button>
              </li>
            ))}
          </ul>
          <ListFooter state="none" />
        </>
      )}
    </QueryView>
  );
}
