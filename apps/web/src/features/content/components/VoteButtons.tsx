import { ErrorCode, GatewayError, type FlashItem, type VoteDirection } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { useLoginGate } from '@/components/use-login-gate';
import { failureMessage } from '@/components/QueryView';
import { showToast } from '@/lib/toast';
import { useVote } from '../api/content-actions';

/** Bullish / bearish on a flash: login-gated, one vote each (801103 says so), counts updated everywhere. */
export function VoteButtons({ flash }: { flash: Pick<FlashItem, 'id' | 'bullish' | 'bearish' | 'my_vote'> }) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const vote = useVote();
  const cast = (direction: VoteDirection) =>
    gate(() => {
      if (flash.my_vote) {
        showToast(t('viewpoint.alreadyVoted'));
        return;
      }
      vote.mutate(
        { id: flash.id, direction },
        {
          onError: (error) =>
            showToast(
              error instanceof GatewayError && error.code === (ErrorCode.AlreadyLiked as number)
                ? t('viewpoint.alreadyVoted')
                : failureMessage(error, t('data.loadFailed')),
            ),
        },
      );
    });
  return (
    <div className="cl-votes" role="group" aria-label={t('viewpoint.voteLabel')}>
      {(['bullish', 'bearish'] as const).map((direction) => (
        <button
          key={direction}
          type="button"
          className={`cl-vote cl-vote-${direction}`}
          aria-pressed={flash.my_vote === direction}
          disabled={vote.isPending}
          onClick={() => cast(direction)}
          data-testid={`vote-${direction}`}
        >
          <span aria-hidden="true">{direction === 'bullish' ? '▲' : '▼'}</span>
          {t(`viewpoint.${direction}`)} <span className="cl-vote-count">{flash[direction]}</span>
        </button>
      ))}
    </div>
  );
}
