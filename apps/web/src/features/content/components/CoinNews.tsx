import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { SubTabs } from '@/components/SubTabs';

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
      <SubTabs
        tabs={[
          { key: 'flashes', title: t('viewpoint.flashes') },
          { key: 'news', title: t('viewpoint.news') },
        ]}
        activeKey={tab}
        onChange={setTab}
        keepVisited
        renderPanel={(key) =>
          key === 'flashes' ? <FlashTimeline coinId={coinId} /> : <NewsList coinId={coinId} />
        }
      />
    </section>
  );
}
