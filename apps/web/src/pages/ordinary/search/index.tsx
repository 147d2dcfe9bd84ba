import { useNavigate } from '@tanstack/react-router';
import { Dialog, SearchBar, Space, Tabs, Tag } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import { paths } from '../../../config/paths';
import { searchTypes, type SearchPageSearch, type SearchType } from '../../../config/search-params';
import { useSearchHistory } from '../../../features/search-history/use-search-history';

/** Search (params keyword, type): input, history (newest first, at most 10), hot searches, results by type. */
export default function SearchPage({ keyword, type }: SearchPageSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { history, add, clear } = useSearchHistory();
  const [text, setText] = useState(keyword ?? '');
  const activeType: SearchType = type ?? 'all';

  const search = (value: string, nextType: SearchType = activeType) => {
    const query = value.trim();
    setText(query);
    if (query) add(query);
    void navigate({
      to: paths.search,
      search: { keyword: query || undefined, type: nextType === 'all' ? undefined : nextType },
      replace: true,
    });
  };

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
          value={text}
          onChange={setText}
          onSearch={(value) => search(value)}
          onClear={() => search('')}
          placeholder={t('search.placeholder')}
          aria-label={t('title.search')}
          data-testid="search-input"
        />
      </div>
      {keyword ? (
        <Tabs
          activeKey={activeType}
          onChange={(key) => search(keyword, key as SearchType)}
          className="cl-sub-tabs"
        >
          {searchTypes.map((value) => (
            <Tabs.Tab key={value} title={t(`search.type.${value}`)}>
              <EmptyState testId="search-no-results" title={t('search.noResults', { keyword })} />
            </Tabs.Tab>
          ))}
        </Tabs>
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
              <Space wrap className="cl-tags" data-testid="search-history">
                {history.map((entry) => (
                  <Tag key={entry} round className="cl-tag" onClick={() => search(entry)}>
                    {entry}
                  </Tag>
                ))}
              </Space>
            ) : (
              <p className="cl-muted" data-testid="search-history-empty">
                {t('search.emptyHistory')}
              </p>
            )}
          </section>
          <section className="cl-section" aria-labelledby="cl-search-hot">
            <h3 id="cl-search-hot" className="cl-section-title">
              {t('search.hot')}
            </h3>
            <EmptyState testId="search-hot-empty" title={t('search.emptyHot')} />
          </section>
        </>
      )}
    </div>
  );
}
