import { useNavigate } from '@tanstack/react-router';
import { Button, Dialog } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import {
  formatDateTime,
  GatewayError,
  type PortfolioHolding,
  type PortfolioTransaction,
} from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { directionOf } from '@/components/Change';
import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { Logo } from '@/components/Logo';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/money-format';
import { useSettingsStore } from '@/lib/settings-store';
import { showToast } from '@/lib/toast';
import { useDeleteTransaction, usePortfolioSummary, useTransactions } from '../api/portfolio-queries';
import { formatAmount, formatSignedMoney } from '../portfolio-format';
import '../portfolio.css';

function HoldingHeader({ holding }: { holding: PortfolioHolding }) {
  const { t } = useTranslation();
  const unit = useSettingsStore((state) => state.price.unit);
  const figures = [
    { key: 'amount', label: t('portfolio.amount'), text: formatAmount(holding.amount), tone: '' },
    {
      key: 'avgCost',
      label: t('portfolio.avgCost'),
      text: formatMoney(holding.average_cost, unit),
      tone: '',
    },
    { key: 'value', label: t('portfolio.value'), text: formatMoney(holding.value, unit), tone: '' },
    {
      key: 'unrealised',
      label: t('portfolio.unrealisedPnl'),
      text: formatSignedMoney(holding.unrealised_pnl, unit),
      tone: `cl-${directionOf(holding.unrealised_pnl)}`,
    },
    {
      key: 'realised',
      label: t('portfolio.realisedPnl'),
      text: formatSignedMoney(holding.realised_pnl, unit),
      tone: `cl-${directionOf(holding.realised_pnl)}`,
    },
  ];
  return (
    <section className="cl-pf-card cl-pf-holding-head" data-testid="holding-head">
      <div className="cl-pf-coin">
        <Logo src={holding.logo} name={holding.symbol} size={32} />
        <span>
          <span className="cl-pf-symbol">{holding.symbol}</span>{' '}
          <span className="cl-pf-sub">{holding.local_name}</span>
        </span>
      </div>
      <dl className="cl-pf-figures">
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt>{figure.label}</dt>
            <dd className={figure.tone} data-testid={`holding-head-${figure.key}`}>
              {figure.text}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function TransactionRow({ transaction }: { transaction: PortfolioTransaction }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteTransaction();
  const currency = transaction.price_currency.toUpperCase();
  async function confirmDelete(): Promise<void> {
    const confirmed = await Dialog.confirm({
      content: t('portfolio.deleteConfirm'),
      confirmText: t('portfolio.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    remove.mutate(transaction.id, {
      onSuccess: () => showToast(t('portfolio.deleted')),
      onError: (error) => {
        if (error instanceof GatewayError) showToast(error.message);
      },
    });
  }
  return (
    <li className="cl-pf-tx" data-testid="transaction-row" data-id={transaction.id}>
      <div className="cl-pf-tx-main">
        <span className={`cl-pf-type cl-pf-type-${transaction.type}`}>
          {t(`portfolio.type.${transaction.type}`)}
        </span>
        <span className="cl-pf-tx-amount" data-testid="transaction-amount">
          {formatAmount(transaction.amount)} {transaction.coin?.symbol ?? ''}
        </span>
        <time className="cl-pf-sub">{formatDateTime(transaction.time, 'YYYY-MM-DD HH:mm')} (UTC+8)</time>
      </div>
      {transaction.note !== '' && <p className="cl-pf-note">{transaction.note}</p>}
      <div className="cl-pf-tx-foot">
        <div className="cl-pf-tx-detail cl-pf-sub">
          {transaction.price !== null && (
            <span>
              {t('portfolio.price')} {formatAmount(transaction.price)} {currency}
            </span>
          )}
          {transaction.fee !== '0' && (
            <span>
              {t('portfolio.fee')} {formatAmount(transaction.fee)} {transaction.fee_currency.toUpperCase()}
            </span>
          )}
        </div>
        <div className="cl-pf-tx-actions">
          <Button
            size="mini"
            fill="outline"
            onClick={() =>
              void navigate({ to: paths.portfolioTransaction, search: { id: String(transaction.id) } })
            }
            data-testid="transaction-edit"
          >
            {t('portfolio.edit')}
          </Button>
          <Button
            size="mini"
            fill="outline"
            color="danger"
            loading={remove.isPending}
            onClick={() => void confirmDelete()}
            data-testid="transaction-delete"
          >
            {t('portfolio.delete')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** One holding: its figures and its transactions, newest first, each with edit and delete. */
export function HoldingTransactions({ coinId }: { coinId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = usePortfolioSummary();
  const transactions = useTransactions(coinId);
  const holding = summary.data?.holdings.find((entry) => entry.coin_id === coinId);
  return (
    <div data-testid="holding-transactions">
      {holding && <HoldingHeader holding={holding} />}
      <div className="cl-pf-actions">
        <Button
          color="primary"
          size="small"
          onClick={() => void navigate({ to: paths.portfolioTransaction, search: { coin: coinId } })}
          data-testid="holding-add"
        >
          <AddOutline aria-hidden="true" /> {t('portfolio.add')}
        </Button>
      </div>
      <QueryView query={transactions} testId="transactions">
        {(data) => {
          const list = data.pages.flatMap((page) => page.list);
          if (list.length === 0)
            return <EmptyState testId="transactions-empty" title={t('portfolio.noTransactions')} />;
          return (
            <section className="cl-pf-card" aria-labelledby="cl-pf-transactions">
              <h2 className="cl-pf-heading" id="cl-pf-transactions">
                {t('portfolio.transactions')}
              </h2>
              <ul className="cl-pf-rows">
                {list.map((transaction) => (
                  <TransactionRow key={transaction.id} transaction={transaction} />
                ))}
              </ul>
              <LoadMoreFooter query={transactions} testId="transactions-more" />
            </section>
          );
        }}
      </QueryView>
    </div>
  );
}
