import { useTranslation } from '@/lib/i18n';

import { COIN_LINK_KEYS } from './coin-links';
import './coin-page.css';

export type ProjectLinkKey = (typeof COIN_LINK_KEYS)[number];

export interface ProjectLinksProps {
  /** Missing or empty links are left out; nothing renders when none is left. */
  links: Partial<Record<ProjectLinkKey, string | null>>;
  onOpen: (url: string) => void;
  testId: string;
}

/** A project's official links (website, X, white paper …) as buttons that open in the in-app web view. */
export function ProjectLinks({ links, onOpen, testId }: ProjectLinksProps) {
  const { t } = useTranslation();
  const present = COIN_LINK_KEYS.flatMap((key) => {
    const url = links[key];
    return url ? [{ key, url }] : [];
  });
  if (present.length === 0) return null;
  return (
    <section className="cl-facts" aria-label={t('coin.section.links')} data-testid={testId}>
      <h3 className="cl-facts-title">{t('coin.section.links')}</h3>
      <div className="cl-link-list">
        {present.map((link) => (
          <button
            key={link.key}
            type="button"
            className="cl-chip-button"
            onClick={() => onOpen(link.url)}
            data-testid={`${testId}-${link.key}`}
          >
            {t(`coin.link.${link.key}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
