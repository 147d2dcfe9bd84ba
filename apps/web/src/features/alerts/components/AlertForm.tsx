import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Button, Dialog, Input, List, Selector, Switch } from 'antd-mobile';
import {
  ALERT_KINDS,
  ALERT_WINDOWS,
  DISPLAY_CURRENCIES,
  isChangeAlertKind,
  isPriceAlertKind,
  isScoreAlertKind,
  isValidationMessageKey,
  validationMessage,
  type AlertItem,
  type AlertKind,
  type AlertRepeat,
  type AlertWindow,
  type CoinDetail,
} from '@coinlens/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation, type TFunction } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { Logo } from '@/components/Logo';
import { isNotFound } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { useDisplayLanguage } from '@/lib/use-display-language';
import { showToast } from '@/lib/toast';
import { alertQueries, useAlertMutation } from '../api/alert-queries';
import {
  alertFormOf,
  checkAlertForm,
  cooldownChoices,
  newAlertForm,
  takesLevel,
  type AlertFormField,
  type AlertFormState,
} from '../alert-form';
import { cooldownText, currencyUnit } from '../alert-text';
import { CurrentValue } from './CurrentValue';
import './alerts.css';

const KIND_LABEL_KEYS = {
  price_above: 'alerts.kind.priceAbove',
  price_below: 'alerts.kind.priceBelow',
  change_up: 'alerts.kind.changeUp',
  change_down: 'alerts.kind.changeDown',
  score_above: 'alerts.kind.scoreAbove',
  score_below: 'alerts.kind.scoreBelow',
  integrity_flag: 'alerts.kind.integrityFlag',
} as const satisfies Record<AlertKind, string>;

function levelLabel(t: TFunction, state: AlertFormState): string {
  if (isPriceAlertKind(state.kind))
    return t('alerts.form.levelPrice', { currency: state.currency.toUpperCase() });
  if (isChangeAlertKind(state.kind)) return t('alerts.form.levelChange');
  return t('alerts.form.levelScore');
}

function kindHint(t: TFunction, kind: AlertKind): string {
  if (isPriceAlertKind(kind)) return t('alerts.form.hintPrice');
  if (isChangeAlertKind(kind)) return t('alerts.form.hintChange');
  if (isScoreAlertKind(kind)) return t('alerts.form.hintScore');
  return t('alerts.form.hintFlag');
}

export interface AlertFormProps {
  coinId: string;
  /** The alert being edited; a new alert without it. */
  alert?: AlertItem | undefined;
  displayCurrency: string;
}

/**
 * The alert form: kind, level (with the coin's current value beside it), currency or window where the kind
 * takes one, once or repeating with a cooldown; in edit mode also active/paused and delete. The form checks
 * with the contract's rules before sending, and shows a refusal's field message beside the field.
 */
export function AlertForm({ coinId, alert, displayCurrency }: AlertFormProps) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const router = useRouter();
  const [state, setState] = useState<AlertFormState>(() =>
    alert ? alertFormOf(alert, displayCurrency) : newAlertForm(displayCurrency),
  );
  const [active, setActive] = useState(alert ? !alert.paused : true);
  const [error, setError] = useState<{ field: AlertFormField; text: string } | null>(null);
  const mutation = useAlertMutation((field, message) =>
    setError({ field: field === 'currency' || field === 'window' ? field : 'level', text: message }),
  );
  const valueCurrency = isPriceAlertKind(state.kind) ? state.currency : displayCurrency;
  // The previous currency's answer stays while the next one loads (the value beside the level does not blink).
  const coin = useQuery({ ...alertQueries.coin(coinId, valueCurrency), placeholderData: keepPreviousData });

  const edit = (next: Partial<AlertFormState>) => {
    setState((current) => ({ ...current, ...next }));
    setError(null);
  };

  const leave = () => {
    if (!alert) void navigate({ to: paths.alerts, replace: true });
    else if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: paths.alerts, replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const checked = checkAlertForm(state, coinId);
    if (!checked.ok) {
      const text = isValidationMessageKey(checked.message)
        ? validationMessage(checked.message, language)
        : t('alerts.form.invalid');
      setError({ field: checked.field, text });
      return;
    }
    const change = alert
      ? ({ action: 'update', payload: { ...checked.draft, id: alert.id, paused: !active } } as const)
      : ({ action: 'create', draft: checked.draft } as const);
    mutation.mutate(change, {
      onSuccess: () => {
        showToast(t('alerts.form.saved'));
        leave();
      },
    });
  };

  const remove = async () => {
    if (!alert) return;
    const confirmed = await Dialog.confirm({
      content: t('alerts.deleteConfirm'),
      confirmText: t('alerts.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    mutation.mutate(
      { action: 'delete', id: alert.id },
      {
        onSuccess: () => {
          showToast(t('alerts.deleted'));
          leave();
        },
      },
    );
  };

  const fieldError = (field: AlertFormField) =>
    error?.field === field ? (
      <p className="cl-alert-field-error" role="alert" data-testid={`alert-error-${field}`}>
        {error.text}
      </p>
    ) : null;

  if (!alert && isNotFound(coin.error))
    return <EmptyState testId="alert-coin-missing" title={t('coin.missing')} />;
  const detail: CoinDetail | undefined = coin.data;
  const name = detail?.local_name ?? alert?.coin_name ?? coinId;
  const symbol = detail?.symbol ?? alert?.coin_symbol ?? '';
  const logo = detail?.logo ?? alert?.coin_logo ?? '';

  return (
    <form noValidate onSubmit={onSubmit} className="cl-alert-form" data-testid="alert-form">
      <div className="cl-alert-coin" data-testid="alert-form-coin">
        {logo ? (
          <Logo src={logo} name={symbol} size={32} />
        ) : (
          <span className="cl-alert-symbol-badge" aria-hidden="true">
            {symbol.slice(0, 4)}
          </span>
        )}
        <span className="cl-alert-coin-names">
          <span className="cl-alert-coin-symbol">{symbol}</span>
          <span className="cl-alert-coin-name">{name}</span>
        </span>
      </div>

      <List header={t('alerts.form.kind')}>
        <List.Item>
          <Selector<AlertKind>
            columns={2}
            value={[state.kind]}
            onChange={(value) => value[0] && edit({ kind: value[0] })}
            options={ALERT_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABEL_KEYS[kind]) }))}
            data-testid="alert-kind"
          />
        </List.Item>
      </List>

      {isChangeAlertKind(state.kind) && (
        <List header={t('alerts.form.window')}>
          <List.Item>
            <Selector<AlertWindow>
              columns={2}
              value={[state.window]}
              onChange={(value) => value[0] && edit({ window: value[0] })}
              options={ALERT_WINDOWS.map((window) => ({
                value: window,
                label: t(window === '1h' ? 'alerts.window.within1h' : 'alerts.window.within24h'),
              }))}
              data-testid="alert-window"
            />
            {fieldError('window')}
          </List.Item>
        </List>
      )}

      {takesLevel(state.kind) ? (
        <List header={levelLabel(t, state)}>
          {isPriceAlertKind(state.kind) && (
            <List.Item
              extra={
                <select
                  className="cl-alert-currency"
                  value={state.currency}
                  onChange={(event) => edit({ currency: event.target.value })}
                  aria-label={t('alerts.form.currency')}
                  data-testid="alert-currency"
                >
                  {DISPLAY_CURRENCIES.map((entry) => (
                    <option key={entry.currency_code} value={entry.currency_code}>
                      {`${entry.currency_code.toUpperCase()} ${entry.unit}`}
                    </option>
                  ))}
                </select>
              }
            >
              {t('alerts.form.currency')}
              {fieldError('currency')}
            </List.Item>
          )}
          <List.Item
            extra={<CurrentValue query={coin} kind={state.kind} unit={currencyUnit(valueCurrency)} />}
          >
            <div className="cl-alert-level">
              {isPriceAlertKind(state.kind) && (
                <span className="cl-alert-level-unit" aria-hidden="true">
                  {currencyUnit(state.currency)}
                </span>
              )}
              <Input
                value={state.level}
                onChange={(level) => edit({ level })}
                inputMode="decimal"
                enterKeyHint="done"
                placeholder={t('alerts.form.levelPlaceholder')}
                aria-label={levelLabel(t, state)}
                aria-invalid={error?.field === 'level' ? true : undefined}
                data-testid="alert-level"
              />
              {isChangeAlertKind(state.kind) && (
                <span className="cl-alert-level-unit" aria-hidden="true">
                  %
                </span>
              )}
            </div>
            {fieldError('level')}
          </List.Item>
        </List>
      ) : null}
      <p className="cl-page-hint" data-testid="alert-hint">
        {kindHint(t, state.kind)}
      </p>

      <List header={t('alerts.form.repeat')}>
        <List.Item>
          <Selector<AlertRepeat>
            columns={2}
            value={[state.repeat]}
            onChange={(value) => value[0] && edit({ repeat: value[0] })}
            options={[
              { value: 'once', label: t('alerts.form.once') },
              { value: 'repeat', label: t('alerts.form.repeating') },
            ]}
            data-testid="alert-repeat"
          />
        </List.Item>
        {state.repeat === 'repeat' && (
          <List.Item title={t('alerts.form.cooldown')}>
            <Selector<number>
              columns={3}
              value={[state.cooldownMinutes]}
              onChange={(value) => value[0] !== undefined && edit({ cooldownMinutes: value[0] })}
              options={cooldownChoices(state.cooldownMinutes).map((minutes) => ({
                value: minutes,
                label: cooldownText(t, minutes),
              }))}
              data-testid="alert-cooldown"
            />
            {fieldError('cooldown_minutes')}
          </List.Item>
        )}
        {alert && (
          <List.Item
            extra={
              <Switch
                checked={active}
                onChange={setActive}
                aria-label={t('alerts.form.active')}
                data-testid="alert-active"
              />
            }
          >
            {t('alerts.form.active')}
          </List.Item>
        )}
      </List>

      <div className="cl-alert-actions">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={mutation.isPending && mutation.variables.action !== 'delete'}
          data-testid="alert-save"
        >
          {t('alerts.form.save')}
        </Button>
        {alert && (
          <Button
            block
            color="danger"
            fill="outline"
            size="large"
            loading={mutation.isPending && mutation.variables.action === 'delete'}
            onClick={() => void remove()}
            data-testid="alert-delete"
          >
            {t('alerts.delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
