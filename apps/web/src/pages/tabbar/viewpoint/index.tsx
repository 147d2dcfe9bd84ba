import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDateHeader } from '@coinlens/contract';

import { EmptyState } from '../../../components/EmptyState';
import { ListFooter } from '../../../components/ListFooter';
import { currentLanguage } from '../../../lib/i18n';

type SubTab = 'flashes' | 'news';

/** Quicktake tab (spec §2 tab 2): Flashes (a day timeline under week-list date headers) and News. */
export default function ViewpointPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SubTab>('flashes');
  const [today] = useState(() => Date.now());
  const dateHeader = formatDateHeader(today, currentLanguage());
  return (
    <div className="cl-tab-page" data-testid="page-viewpoint">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as SubTab)} className="cl-sub-tabs">
        <Tabs.Tab key="flashes" title={t('viewpoint.flashes')}>
          <h3 className="cl-date-header" data-testid="date-header">
            {dateHeader}
          </h3>
          <EmptyState testId="flashes-empty" title={t('viewpoint.emptyFlashes')} />
          <ListFooter state="none" />
        </Tabs.Tab>
        <Tabs.Tab key="news" title={t('viewpoint.news')}>
          <EmptyState testId="news-empty" title={t('viewpoint.emptyNews')} />
          <ListFooter state="none" />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
