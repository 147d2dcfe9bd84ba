import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { SubTabs } from '@/components/SubTabs';

import { FlashTimeline } from '@/features/content/components/FlashTimeline';
import { NewsList } from '@/features/content/components/NewsList';

type SubTab = 'flashes' | 'news';

/** Quicktake tab (tab 2): Flashes (a timeline under week-list date headers, with votes) and News. */
export default function ViewpointPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SubTab>('flashes');
  return (
    <div className="cl-tab-page" data-testid="page-viewpoint">
      <SubTabs
        tabs={[
          { key: 'flashes', title: t('viewpoint.flashes'), testId: 'viewpoint-tab-flashes' },
          { key: 'news', title: t('viewpoint.news'), testId: 'viewpoint-tab-news' },
        ]}
        activeKey={tab}
        onChange={setTab}
        keepVisited
        renderPanel={(key) => (key === 'flashes' ? <FlashTimeline /> : <NewsList />)}
      />
    </div>
  );
}
