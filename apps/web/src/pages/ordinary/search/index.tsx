import { useNavigate } from '@tanstack/react-router';
import { Dialog, SearchBar } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { SubTabs } from '@/components/SubTabs';
import { paths } from '@/config/paths';
import { searchTypes, type SearchPageSearch, type SearchType } from '@/config/search-params';
import { HotSearchPanel } from '@/features/search/components/HotSearchPanel';
import { SearchResults } from '@/features/search/components/SearchResults';
import { coinFollowStar, exchangeFollowStar } from '@/features/watchlists/components/FollowButton';
import { useSearchHistory } from '@/features/search/hooks/use-search-history';

/** Results follow the text as it is typed, after this pause. */
const TYPING_PAUSE_MS = 300;

/**
 * Search (params keyword, type): results follow the input as it is typed; a keyword enters the history
 * (newest first, at most 10) when submitted or when a result is opened. Without a keyword: history and
 * what is hot.
 */
export default function SearchPage({ keyword, type }: SearchPageSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { history, add, clear } = useSearchHistory();
  const [text, setText] = useState(keyword ?? '');
  const activeType: SearchType = type ?? 'all';

  const show = (value: string, nextType: SearchType) =>
    void navigate({
      to: paths.search,
      search: { keyword: value.trim() || undefined, type: nextType === 'all' ? undefined : nextType },
      replace: true,
    });
  const search = (value: string, nextType: SearchType = activeType) => {
    const query = value.trim();
    setText(query);
    if (query) add(query);
    show(query, nextType);
  };

  useEffect(() => {
    if (text.trim() === (keyword ?? '')) return undefined;
    const timer = setTimeout(() => show(text, activeType), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the pause; navigation itself changes `keyword`.
  }, [text]);

  const confirmClear = async () => {
    const confirmed = await Dialog.confirm({
      content: t('search.clearConfirm'),
      cancelText: t('common.cancel'),
      confirmText: t('common.confirm'),
    });
    if (confirmed) clear();
  };

  return (
    <div className="cl-search" data-testid="page-search">
      <div className="cl-search-bar">
        <SearchBar
          clearable={false}
          value={text}
          onChange={setText}
          onSearch={(value) => search(value)}
          placeholder={t('search.placeholder')}
          aria-label={t('title.search')}
          data-testid="search-input"
        />
      </div>
      {keyword ? (
        <SubTabs
          tabs={searchTypes.map((value) => ({ key: value, title: t(`search.type.${value}`) }))}
          activeKey={activeType}
          onChange={(key) => search(keyword, key)}
          renderPanel={(key) => (
            <SearchResults
              keyword={keyword}
              type={key}
              onOpenResult={() => add(keyword)}
              onShowType={(next) => search(keyword, next)}
              renderCoinAction={coinFollowStar}
              renderExchangeAction={exchangeFollowStar}
            />
          )}
        />
      ) : (
        <>
          <section className="cl-section" aria-labelledby="cl-search-history">
            <div className="cl-section-head">
              <h3 id="cl-search-history" className="cl-section-title">
                {t('search.history')}
              </h3>
              {history.length > 0 && (
                <button
                  type="button"
                  className="cl-icon-button"
                  aria-label={t('search.clearHistory')}
                  onClick={() => void confirmClear()}
                  data-testid="search-history-clear"
                >
                  <DeleteOutline />
                </button>
              )}
            </div>
            {history.length > 0 ? (
              <div className="cl-tags" data-testid="search-history">
                {history.map((entry) => (
                  <button type="button" key={entry} className="cl-chip" onClick={() => search(entry)}>
                    {entry}
                  </button>
                ))}
              </div>
            ) : (
              <p className="cl-muted" data-testid="search-history-empty">
                {t('search.emptyHistory')}
              </p>
            )}
          </section>
          <HotSearchPanel onSearch={search} />
        </>
      )}
    </div>
  );
}
