import { useTranslation } from '@/lib/i18n';

import type { NewsItem } from '@coinlens/contract';

/** Where an article comes from; bundled samples say so plainly. */
export function SourceLine({ source, time }: { source: NewsItem['source']; time?: string }) {
  const { t } = useTranslation();
  return (
    <span className="cl-source-line">
      {source.sample && (
        <span className="cl-sample-tag" data-testid="sample-tag">
          {t('viewpoint.sample')}
        </span>
      )}
      <span>{source.name}</span>
      {time && <span>· {time}</span>}
    </span>
  );
}
