import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { FlashTimeline } from './FlashTimeline';
import { NewsList } from './NewsList';

/** A coin's flashes (announcements, moves, flags) and news on its page. */
export function CoinNews({ coinId }: { coinId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'flashes' | 'news'>('flashes');
  return (
    <section className="cl-coin-news" aria-labelledby="coin-news-heading" data-testid="coin-news">
      <h2 id="coin-news-heading" className="cl-section-title cl-coin-news-title">
        {t('news.coinNews')}
      </h2>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as 'flashes' | 'news')} className="cl-sub-tabs">
        <Tabs.Tab key="flashes" title={t('viewpoint.flashes')}>
          <FlashTimeline coinId={coinId} />
        </Tabs.Tab>
        <Tabs.Tab key="news" title={t('viewpoint.news')}>
          <NewsList coinId={coinId} />
        </Tabs.Tab>
      </Tabs>
    </section>
  );
}
