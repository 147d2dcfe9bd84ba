import { Button, Input, List, TextArea } from 'antd-mobile';
import {
  DISPLAY_CURRENCIES,
  ErrorCode,
  GatewayError,
  PORTFOLIO_NOTE_MAX_LENGTH,
  PORTFOLIO_TRANSACTION_TYPES,
  portfolioProblemMessage,
  type PortfolioProblem,
  type PortfolioTransaction,
} from '@coinlens/contract';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { currentLanguage, useTranslation } from '@/lib/i18n';

import { coinTopic } from '@/lib/live/topics';
import { useLiveTopics } from '@/lib/live/live-prices';
import { formatMoney } from '@/lib/money-format';
import { useSettingsStore } from '@/lib/settings-store';
import { showToast } from '@/lib/toast';
import { useCoinQuote, useSaveTransaction } from '../api/portfolio-queries';
import {
  decimalOf,
  draftOf,
  emptyFormValues,
  formFieldOfServer,
  formValuesOf,
  isPriced,
  type TransactionField,
  type TransactionFormValues,
} from '../transaction-form';
import { CoinPicker, type PickedCoin } from './CoinPicker';
import '../portfolio.css';

type Problems = Partial<Record<TransactionField, string>>;

function problemText(field: TransactionField, reason: PortfolioProblem['reason']): string {
  return portfolioProblemMessage({ field, line: null, column: null, reason }, currentLanguage());
}

function FieldProblem({ field, problems }: { field: TransactionField; problems: Problems }) {
  const text = problems[field];
  if (!text) return null;
  return (
    <div
      className="cl-field-error"
      role="alert"
      id={`pf-${field}-error`}
      data-testid={`field-error-${field}`}
    >
      {text}
    </div>
  );
}

function Field({
  field,
  label,
  problems,
  children,
  hint,
}: {
  field: TransactionField | 'type' | 'currency';
  label: string;
  problems: Problems;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <List.Item
      title={
        <label htmlFor={`pf-${field}`} id={`pf-${field}-label`}>
          {label}
        </label>
      }
    >
      {children}
      {hint}
      {field !== 'type' && field !== 'currency' && <FieldProblem field={field} problems={problems} />}
    </List.Item>
  );
}

export interface TransactionFormProps {
  /** The transaction to edit; a new one when absent. */
  transaction?: PortfolioTransaction;
  /** The coin a new transaction starts on (the holding or coin page it was opened from). */
  coinId?: string;
  onDone: () => void;
}

/**
 * Add or edit a transaction: type, coin (search), amount, price (a new one follows the coin's live price until
 * typed over) and its currency, fee, date-time in UTC+8, note. Problems show under their fields in the words of
 * the contract's catalogue; the server's refusals (an unknown coin, selling more than is held) land there too.
 */
export function TransactionForm({ transaction, coinId = '', onDone }: TransactionFormProps) {
  const { t } = useTranslation();
  const display = useSettingsStore((state) => state.price);
  const [values, setValues] = useState<TransactionFormValues>(() =>
    transaction ? formValuesOf(transaction) : emptyFormValues(coinId, display.currency_code, Date.now()),
  );
  const [coin, setCoin] = useState<PickedCoin | null>(() =>
    transaction?.coin ? { id: transaction.coin_id, ...transaction.coin } : null,
  );
  const [priceTyped, setPriceTyped] = useState(transaction !== undefined);
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveTransaction();

  const quote = useCoinQuote(values.coinId, values.currency);
  useLiveTopics(values.coinId === '' ? [] : [coinTopic(values.coinId)]);
  const livePrice = quote.data?.price ?? null;
  const currencyUnit =
    DISPLAY_CURRENCIES.find((entry) => entry.currency_code === values.currency)?.unit ?? '';

  // A coin opened by id (the `coin` parameter) gets its label from the market.
  useEffect(() => {
    if (coin === null && quote.data && quote.data.id === values.coinId)
      setCoin({
        id: quote.data.id,
        symbol: quote.data.symbol,
        name: quote.data.local_name,
        logo: quote.data.logo,
      });
  }, [coin, quote.data, values.coinId]);

  // A new transaction's price follows the live price until the user types one.
  useEffect(() => {
    if (!priceTyped && livePrice !== null && isPriced(values.type))
      setValues((current) => ({ ...current, price: decimalOf(livePrice) }));
  }, [priceTyped, livePrice, values.type]);

  function change<K extends keyof TransactionFormValues>(key: K, value: TransactionFormValues[K]): void {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in problems) setProblems((current) => ({ ...current, [key]: undefined }));
  }

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    if (save.isPending) return;
    const result = draftOf(values, Date.now());
    if (!result.ok) {
      const next: Problems = {};
      for (const [field, reason] of Object.entries(result.problems) as [
        TransactionField,
        PortfolioProblem['reason'],
      ][])
        next[field] = problemText(field, reason);
      setProblems(next);
      return;
    }
    setProblems({});
    save.mutate(
      { ...result.draft, ...(transaction ? { id: transaction.id } : {}) },
      {
        onSuccess: () => {
          showToast(t('portfolio.form.saved'));
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof GatewayError)) return;
          const problem = error.data as Partial<PortfolioProblem> | null;
          const field =
            error.code === (ErrorCode.ParameterInvalid as number)
              ? (formFieldOfServer(problem?.column) ?? formFieldOfServer(problem?.field))
              : null;
          if (field) setProblems({ [field]: error.message });
          else showToast(error.message);
        },
      },
    );
  }

  const priced = isPriced(values.type);
  const invalid = (field: TransactionField) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `pf-${field}-error` } : {};

  return (
    <form className="cl-pf-form" noValidate onSubmit={onSubmit} data-testid="transaction-form">
      <List>
        <List.Item title={<span id="pf-type-label">{t('portfolio.form.type')}</span>}>
          <div className="cl-pf-types" role="group" aria-labelledby="pf-type-label">
            {PORTFOLIO_TRANSACTION_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className="cl-pf-type-choice"
                aria-pressed={values.type === type}
                onClick={() => change('type', type)}
                data-testid={`type-${type}`}
              >
                {t(`portfolio.type.${type}`)}
              </button>
            ))}
          </div>
        </List.Item>
        <Field field="coinId" label={t('portfolio.form.coin')} problems={problems}>
          <CoinPicker
            coin={coin}
            invalid={problems.coinId !== undefined}
            onPick={(picked) => {
              setCoin(picked);
              change('coinId', picked.id);
              if (!transaction) setPriceTyped(false);
            }}
          />
        </Field>
        <Field field="amount" label={t('portfolio.form.amount')} problems={problems}>
          <Input
            id="pf-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={values.amount}
            onChange={(value) => change('amount', value)}
            {...invalid('amount')}
            data-testid="input-amount"
          />
        </Field>
        <Field
          field="price"
          label={priced ? t('portfolio.form.price') : t('portfolio.form.priceOptional')}
          problems={problems}
          hint={
            <>
              {livePrice !== null && (
                <p className="cl-pf-hint" data-testid="live-price">
                  {t('portfolio.form.livePrice', { price: formatMoney(livePrice, currencyUnit) })}
                </p>
              )}
              {!priced && <p className="cl-pf-hint">{t('portfolio.form.transferPriceHint')}</p>}
            </>
          }
        >
          <div className="cl-pf-price-row">
            <Input
              id="pf-price"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={values.price}
              onChange={(value) => {
                setPriceTyped(true);
                change('price', value);
              }}
              {...invalid('price')}
              data-testid="input-price"
            />
            <select
              className="cl-pf-currency"
              value={values.currency}
              onChange={(event) => change('currency', event.target.value)}
              aria-label={t('portfolio.form.currency')}
              data-testid="input-currency"
            >
              {DISPLAY_CURRENCIES.map((entry) => (
                <option key={entry.currency_code} value={entry.currency_code}>
                  {entry.currency_code.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
        </Field>
        <Field
          field="fee"
          label={`${t('portfolio.form.fee')} (${values.currency.toUpperCase()})`}
          problems={problems}
        >
          <Input
            id="pf-fee"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={values.fee}
            onChange={(value) => change('fee', value)}
            {...invalid('fee')}
            data-testid="input-fee"
          />
        </Field>
        <Field field="time" label={t('portfolio.form.time')} problems={problems}>
          <input
            id="pf-time"
            type="datetime-local"
            className="cl-pf-native"
            value={values.time}
            onChange={(event) => change('time', event.target.value)}
            {...invalid('time')}
            data-testid="input-time"
          />
        </Field>
        <Field field="note" label={t('portfolio.form.note')} problems={problems}>
          <TextArea
            id="pf-note"
            placeholder={t('portfolio.form.notePlaceholder')}
            value={values.note}
            onChange={(value) => change('note', value)}
            maxLength={PORTFOLIO_NOTE_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            {...invalid('note')}
            data-testid="input-note"
          />
        </Field>
      </List>
      <div className="cl-auth-actions">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={save.isPending}
          data-testid="transaction-save"
        >
          {t('portfolio.form.save')}
        </Button>
      </div>
    </form>
  );
}
