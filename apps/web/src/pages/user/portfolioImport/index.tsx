import { LoginRequired } from '@/components/LoginRequired';
import { ImportForm } from '@/features/portfolio/components/ImportForm';
import { useIsLoggedIn } from '@/lib/session-store';

/** CSV import of transactions (login-gated). */
export default function PortfolioImportPage() {
  const loggedIn = useIsLoggedIn();
  return <div data-testid="page-portfolioImport">{loggedIn ? <ImportForm /> : <LoginRequired />}</div>;
}
