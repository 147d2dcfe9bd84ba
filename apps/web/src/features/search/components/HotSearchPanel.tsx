import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

import { Change } from '@/components/Change';
import { paths } from '@/config/paths';
import { useSettingsStore } from '@/lib/settings-store';
import { searchQueries } from '../api/search-queries';
import { HotCoinList } from './HotCoinList';
import './search.css';

const HOT_COINS_SHOWN = 10;
const HOT_CONCEPTS_SHOWN = 8;

/** Before a keyword: hot keywords, hot coins (link to the full hot list) and hot sectors. */
export function HotSearchPanel({ onSearch }: { onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const keywords = useQuery(searchQueries.hot(HOT_COINS_SHOWN, currency)).data?.keywords ?? [];
  const concepts = useQuery(searchQueries.hotConcepts(HOT_CONCEPTS_SHOWN, currency)).data?.list ?? [];
  return (
    <>
      {keywords.length > 0 && (
        <section className="cl-section" aria-labelledby="cl-search-keywords">
          <h3 id="cl-search-keywords" className="cl-section-title">
            {t('search.hotKeywords')}
          </h3>
          <div className="cl-tags" data-testid="search-hot-keywords">
            {keywords.map((keyword) => (
              <button type="button" key={keyword} className="cl-chip" onClick={() => onSearch(keyword)}>
                {keyword}
              </button>
            ))}
          </div>
        </section>
      )}
      {concepts.length > 0 && (
        <section className="cl-section" aria-labelledby="cl-search-concepts">
          <h3 id="cl-search-concepts" className="cl-section-title">
            {t('search.hotConcepts')}
          </h3>
          <div className="cl-tags" data-testid="search-hot-concepts">
            {concepts.map((concept) => (
              <button
                type="button"
                key={concept.id}
                className="cl-chip"
                onClick={() =>
                  void navigate({ to: paths.market, search: { tab: 'sectors', concept: concept.id } })
                }
              >
                {concept.name} <Change value={concept.change_24h} />
              </button>
            ))}
          </div>
        </section>
      )}
      <section className="cl-search-section" aria-labelledby="cl-search-hot">
        <div className="cl-section-head">
          <h3 id="cl-search-hot" className="cl-section-title">
            {t('search.hot')}
          </h3>
          <Button
            size="mini"
            fill="none"
            color="primary"
            onClick={() => void navigate({ to: paths.hotSearchCurrency })}
            data-testid="search-hot-all"
          >
            {t('search.seeAll')}
          </Button>
        </div>
        <HotCoinList limit={HOT_COINS_SHOWN} testId="search-hot" />
      </section>
    </>
  );
}
