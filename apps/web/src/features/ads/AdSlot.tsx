import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';

import type { AdPosition } from '@coinlens/contract';

import { procedureQuery } from '@/lib/gateway/procedure-query';
import { useAdFlags } from './ad-flags';
import { openAdLink } from './open-ad-link';
import './ads.css';

/**
 * One ad position: the first running ad, labelled "Sponsored", closable for the session. Nothing at all when
 * none runs or the call fails — an ad is never worth an error on a market screen.
 */
export function AdSlot({ position }: { position: AdPosition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const closed = useAdFlags((state) => state.closed.has(position));
  const close = useAdFlags((state) => state.close);
  const query = useQuery({
    ...procedureQuery('appadvert_msrv/advertise_adinfo_by_adposid', { adposid: position }),
    enabled: !closed,
    staleTime: 10 * 60_000,
  });
  const ad = query.data?.list[0];
  if (closed) return null;
  // The slot's height is held while the ad loads, so the list below does not jump when it arrives; offline
  // (the fetch paused until the network returns) there is nothing to wait for.
  if (query.isPending && query.fetchStatus === 'fetching')
    return <div className="cl-ad-placeholder" aria-hidden="true" />;
  if (!ad) return null;
  return (
    <aside className="cl-ad" data-testid={`ad-${position}`} aria-label={t('ads.sponsored')}>
      <button type="button" className="cl-ad-body" onClick={() => openAdLink(ad.link_url, navigate)}>
        <img className="cl-ad-image" src={ad.image_url} alt="" width={64} height={32} />
        <span className="cl-ad-title">{ad.title}</span>
        <span className="cl-ad-label">{t('ads.sponsored')}</span>
      </button>
      <button
        type="button"
        className="cl-ad-close"
        aria-label={t('ads.close')}
        onClick={() => close(position)}
        data-testid={`ad-close-${position}`}
      >
        <CloseOutline />
      </button>
    </aside>
  );
}
