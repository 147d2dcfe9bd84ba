import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useTranslation } from '@/lib/i18n';

import { TAB_KEYS, tabPaths, type TabKey } from '../config/paths';
import { ExchangeIcon, MarketIcon, UserIcon, ViewpointIcon } from './tab-icons';

const icons: Record<TabKey, ComponentType<{ className?: string }>> = {
  market: MarketIcon,
  platform: ExchangeIcon,
  viewpoint: ViewpointIcon,
  user: UserIcon,
};

/** On the four tab pages only; 50px high, 24px icons, 10px labels, blue selected, grey otherwise. */
export function TabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  return (
    <nav className="cl-tab-bar" aria-label={t('tab.label')} data-testid="tab-bar">
      {TAB_KEYS.map((key) => {
        const Icon = icons[key];
        const selected = key === active;
        return (
          <Link
            key={key}
            to={tabPaths[key]}
            replace
            className={selected ? 'cl-tab-item cl-tab-item-active' : 'cl-tab-item'}
            aria-current={selected ? 'page' : undefined}
            data-testid={`tab-${key}`}
          >
            <Icon className="cl-tab-icon" />
            <span className="cl-tab-label">{t(`tab.${key}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
