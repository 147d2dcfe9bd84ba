import { EmptyState } from '@/components/EmptyState';
import { LoginRequired } from '@/components/LoginRequired';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import type { PortfolioTransactionSearch } from '@/config/search-params';
import { useGoBack } from '@/features/auth/use-go-back';
import { useTransaction } from '@/features/portfolio/api/portfolio-queries';
import { TransactionForm } from '@/features/portfolio/components/TransactionForm';
import { useTranslation } from '@/lib/i18n';
import { useIsLoggedIn } from '@/lib/session-store';

function transactionId(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  return Number(text);
}

function EditTransaction({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation();
  const query = useTransaction(id);
  return (
    <QueryView query={query} testId="transaction" notFoundTitle={t('portfolio.form.notFound')}>
      {(transaction) => <TransactionForm key={transaction.id} transaction={transaction} onDone={onDone} />}
    </QueryView>
  );
}

/** Add a transaction (`coin`: on that coin) or edit one (`id`); login-gated. */
export default function PortfolioTransactionPage({ id, coin }: PortfolioTransactionSearch) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const goBack = useGoBack(paths.portfolio);
  const editing = id !== undefined;
  const numericId = transactionId(id);
  let body;
  if (!loggedIn) body = <LoginRequired />;
  else if (editing && numericId === null)
    body = <EmptyState title={t('portfolio.form.notFound')} testId="transaction-not-found" />;
  else if (numericId !== null) body = <EditTransaction id={numericId} onDone={goBack} />;
  else body = <TransactionForm coinId={coin} onDone={goBack} />;
  return <div data-testid="page-portfolioTransaction">{body}</div>;
}
