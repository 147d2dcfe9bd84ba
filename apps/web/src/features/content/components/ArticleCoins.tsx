import { useNavigate } from '@tanstack/react-router';

import type { FlashItem } from '@coinlens/contract';

import { paths } from '@/config/paths';

/** The coins an article is about, each a link to its page. */
export function ArticleCoins({ coins }: { coins: FlashItem['coins'] }) {
  const navigate = useNavigate();
  if (coins.length === 0) return null;
  return (
    <div className="cl-article-coins">
      {coins.map((coin) => (
        <button
          key={coin.id}
          type="button"
          className="cl-coin-chip"
          onClick={(event) => {
            event.stopPropagation();
            void navigate({ to: paths.currencyIntro, search: { coin_id: coin.id, symbol: coin.symbol } });
          }}
        >
          {coin.symbol}
        </button>
      ))}
    </div>
  );
}
