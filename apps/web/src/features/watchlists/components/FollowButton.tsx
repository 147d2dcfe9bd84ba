import '@/components/market-ui.css';

import { Button } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';

import { useLoginGate } from '@/components/use-login-gate';
import { useWatchedIds, useWatchListMutation, type WatchKind } from '../api/watch-list-queries';

export interface FollowButtonProps {
  kind: WatchKind;
  id: string;
  /** An icon-only star (rows, headers) or a labelled button. */
  compact?: boolean;
}

/**
 * Follow / unfollow a coin or an exchange. Visitors get the login tip dialog (decision D10); the
 * server's message (followed, cancelled, or 3009 past the limit of 10) is toasted.
 */
export function FollowButton({ kind, id, compact = false }: FollowButtonProps) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const watched = useWatchedIds(kind);
  const mutation = useWatchListMutation(kind);
  const following = watched?.has(id) ?? false;
  const label = following ? t('watch.unfollow') : t('watch.follow');
  const toggle = () => gate(() => mutation.mutate({ action: following ? 'remove' : 'add', ids: [id] }));
  if (compact) {
    return (
      <button
        type="button"
        className={following ? 'cl-follow-star cl-follow-star-on' : 'cl-follow-star'}
        aria-label={label}
        aria-pressed={following}
        disabled={mutation.isPending}
        onClick={(event) => {
          event.stopPropagation();
          toggle();
        }}
        data-testid={`follow-${kind}-${id}`}
      >
        {following ? <StarFill aria-hidden="true" /> : <StarOutline aria-hidden="true" />}
      </button>
    );
  }
  return (
    <Button
      size="small"
      color={following ? 'default' : 'primary'}
      fill={following ? 'outline' : 'solid'}
      loading={mutation.isPending}
      aria-pressed={following}
      onClick={toggle}
      data-testid={`follow-${kind}-${id}`}
    >
      {following ? <StarFill aria-hidden="true" /> : <StarOutline aria-hidden="true" />} {label}
    </Button>
  );
}

/** A row's compact star, in the shape list slots take (module-level, so memoised rows stay memoised). */
export const coinFollowStar = (coin: { id: string }) => <FollowButton kind="coins" id={coin.id} compact />;
export const exchangeFollowStar = (exchange: { id: string }) => (
  <FollowButton kind="exchange" id={exchange.id} compact />
);
