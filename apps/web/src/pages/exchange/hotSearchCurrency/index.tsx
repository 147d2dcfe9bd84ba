import { Disclaimer } from '@/components/Disclaimer';
import { ListFooter } from '@/components/ListFooter';
import { HotCoinList } from '@/features/search/components/HotCoinList';

const HOT_LIST_LENGTH = 50;

/** Hot search coins: the 50 coins looked up most over the last 24 hours, live. */
export default function HotSearchCurrencyPage() {
  return (
    <div data-testid="page-hotSearchCurrency">
      <HotCoinList limit={HOT_LIST_LENGTH} testId="hot-search" />
      <ListFooter state="none" />
      <Disclaimer />
    </div>
  );
}
