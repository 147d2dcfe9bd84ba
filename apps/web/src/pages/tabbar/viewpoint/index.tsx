import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { FlashTimeline } from '@/features/content/components/FlashTimeline';
import { NewsList } from '@/features/content/components/NewsList';

type SubTab = 'flashes' | 'news';

/** Quicktake tab (spec §2 tab 2): Flashes (a timeline under week-list date headers, with votes) and News. */
export default function ViewpointPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SubTab>('flashes');
  return (
    <div className="cl-tab-page" data-testid="page-viewpoint">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as SubTab)} className="cl-sub-tabs">
        <Tabs.Tab
          key="flashes"
          title={<span data-testid="viewpoint-tab-flashes">{t('viewpoint.flashes')}</span>}
        >
          <FlashTimeline />
        </Tabs.Tab>
        <Tabs.Tab key="news" title={<span data-testid="viewpoint-tab-news">{t('viewpoint.news')}</span>}>
          <NewsList />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
