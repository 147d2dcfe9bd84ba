import { LoginRequired } from '@/components/LoginRequired';
import type { PortfolioSearch } from '@/config/search-params';
import { HoldingTransactions } from '@/features/portfolio/components/HoldingTransactions';
import { PortfolioOverview } from '@/features/portfolio/components/PortfolioOverview';
import { useIsLoggedIn } from '@/lib/session-store';
import { ValueChartSection } from './ValueChartSection';

/** The portfolio (login-gated): holdings and P&L live, or with `coin` that holding's transactions. */
export default function PortfolioPage({ coin }: PortfolioSearch) {
  const loggedIn = useIsLoggedIn();
  let body;
  if (!loggedIn) body = <LoginRequired />;
  else if (coin) body = <HoldingTransactions coinId={coin} />;
  else body = <PortfolioOverview chart={<ValueChartSection />} />;
  return <div data-testid="page-portfolio">{body}</div>;
}
