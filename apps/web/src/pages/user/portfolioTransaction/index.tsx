import type { PortfolioTransactionSearch } from '@/config/search-params';

export default function PortfolioTransactionPage(_search: PortfolioTransactionSearch) {
  return <div data-testid="page-portfolioTransaction" />;
}
