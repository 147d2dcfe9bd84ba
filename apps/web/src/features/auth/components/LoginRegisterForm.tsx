import { Button, Checkbox, Input, List } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useReducer, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import type { CaptchaPurpose } from '@coinlens/contract';

import { legalPaths, paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { accountService, type AccountFailure } from '../account-service';
import {
  authFieldOf,
  authReducer,
  initialAuthState,
  type AuthStep,
  type CodePurpose,
  stepFields,
  validateStep,
  type AuthField,
  type AuthState,
} from '../auth-machine';
import { placeFieldFailure } from '../field-failure';
import { useResumeAfterLogin } from '../use-resume-after-login';
import { CountryField } from './CountryField';
import { FieldError } from './FieldError';
import { ResendCodeButton } from './ResendCodeButton';

type TextField = Exclude<AuthField, 'agreed' | 'country'>;

const autoComplete: Record<TextField, string> = {
  email: 'email',
  password: 'current-password',
  repeatPassword: 'new-password',
  code: 'one-time-code',
  nickname: 'nickname',
};

const inputType: Record<TextField, 'email' | 'password' | 'text'> = {
  email: 'email',
  password: 'password',
  repeatPassword: 'password',
  code: 'text',
  nickname: 'text',
};

export interface LoginRegisterFormProps {
  /** Told the step (and, on the email-code step, what the code is for) whenever it changes. */
  onStepChange?: (step: AuthStep, purpose: CodePurpose | null) => void;
}

/** Login, register, forgot password and the email-code step as one state machine. */
export function LoginRegisterForm({ onStepChange }: LoginRegisterFormProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resume = useResumeAfterLogin();
  const [state, dispatch] = useReducer(authReducer, undefined, () => initialAuthState('login'));
  const fields = stepFields(state);
  useEffect(() => onStepChange?.(state.step, state.purpose), [onStepChange, state.step, state.purpose]);

  const labels: Record<Exclude<AuthField, 'agreed'>, string> = {
    email: t('login.email'),
    password: state.step === 'emailCode' ? t('login.newPassword') : t('login.password'),
    repeatPassword: t('login.repeatPassword'),
    code: t('login.code'),
    nickname: t('login.nickname'),
    country: t('login.country'),
  };

  /** A field the server named goes under that field when this step shows it; anything else is a toast. */
  function showFailure(failure: AccountFailure, current: AuthState): void {
    const errors = placeFieldFailure(failure, (field) => authFieldOf(current, field));
    if (errors) dispatch({ type: 'invalid', errors });
  }

  async function sendCode(current: AuthState, purpose: CaptchaPurpose): Promise<void> {
    const result = await accountService.requestEmailCode(current.form.email, purpose);
    if (result.ok) dispatch({ type: 'codeSent', resendAt: Date.now() + result.data.resend_after * 1000 });
    else showFailure(result, current);
  }

  async function finishWithCode(current: AuthState): Promise<void> {
    const { form } = current;
    if (current.purpose === 'reset_password') {
      const result = await accountService.resetPassword(form);
      if (!result.ok) return showFailure(result, current);
      showToast(t('login.resetDone'));
      dispatch({ type: 'goto', step: 'login' });
      return;
    }
    const result = await accountService.register(form);
    if (result.ok) resume();
    else showFailure(result, current);
  }

  async function run(current: AuthState): Promise<void> {
    switch (current.step) {
      case 'login': {
        const result = await accountService.login(current.form);
        if (result.ok) resume();
        else showFailure(result, current);
        return;
      }
      case 'register':
        return sendCode(current, 'register');
      case 'forgot':
        return sendCode(current, 'reset_password');
      case 'emailCode':
        return finishWithCode(current);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state.submitting) return;
    const errors = validateStep(state);
    if (Object.keys(errors).length > 0) {
      dispatch({ type: 'invalid', errors });
      return;
    }
    dispatch({ type: 'submit' });
    void run(state).finally(() => dispatch({ type: 'settled' }));
  }

  const openLegal = (path: string) =>
    void navigate({ to: paths.webview, search: { url: new URL(path, window.location.origin).href } });

  const heading = {
    login: t('login.loginTitle'),
    register: t('login.registerTitle'),
    forgot: t('login.forgotTitle'),
    emailCode: t('login.emailCodeTitle'),
  }[state.step];

  const submitText = {
    login: t('login.submitLogin'),
    register: t('login.next'),
    forgot: t('login.next'),
    emailCode: state.purpose === 'reset_password' ? t('login.submitReset') : t('login.submitRegister'),
  }[state.step];

  return (
    <form className="cl-auth-form" noValidate onSubmit={onSubmit} data-testid={`auth-step-${state.step}`}>
      <h2 className="cl-auth-heading">{heading}</h2>
      {state.step === 'emailCode' && (
        <p className="cl-auth-hint">{t('login.codeSentTo', { email: state.form.email })}</p>
      )}
      <List>
        {fields
          .filter((field): field is Exclude<AuthField, 'agreed'> => field !== 'agreed')
          .map((field) => (
            <List.Item
              key={field}
              title={labels[field]}
              extra={
                field === 'code' && state.purpose ? (
                  <ResendCodeButton
                    resendAt={state.resendAt}
                    onResend={() => sendCode(state, state.purpose ?? 'register')}
                  />
                ) : undefined
              }
            >
              {field === 'country' ? (
                <CountryField
                  value={state.form.country}
                  onChange={(value) => dispatch({ type: 'edit', field, value })}
                  invalid={state.errors.country !== undefined}
                />
              ) : (
                <Input
                  name={field}
                  type={inputType[field]}
                  inputMode={field === 'code' ? 'numeric' : undefined}
                  maxLength={field === 'code' ? 6 : undefined}
                  autoComplete={
                    field === 'password' && state.step !== 'login' ? 'new-password' : autoComplete[field]
                  }
                  placeholder={t(`login.placeholder.${field}`)}
                  value={state.form[field]}
                  onChange={(value) => dispatch({ type: 'edit', field, value })}
                  aria-invalid={state.errors[field] ? true : undefined}
                  data-testid={`input-${field}`}
                />
              )}
              <FieldError field={field} error={state.errors[field]} />
            </List.Item>
          ))}
      </List>
      {fields.includes('agreed') && (
        <div className="cl-auth-agreement">
          <Checkbox
            checked={state.form.agreed}
            onChange={(value) => dispatch({ type: 'agree', value })}
            data-testid="input-agreed"
          >
            {t('login.agree')}
          </Checkbox>{' '}
          <button type="button" className="cl-link-button" onClick={() => openLegal(legalPaths.terms)}>
            {t('login.terms')}
          </button>{' '}
          {t('login.and')}{' '}
          <button type="button" className="cl-link-button" onClick={() => openLegal(legalPaths.privacy)}>
            {t('login.privacy')}
          </button>
          <FieldError field="agreed" error={state.errors.agreed} />
        </div>
      )}
      <div className="cl-auth-actions">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={state.submitting}
          data-testid="auth-submit"
        >
          {submitText}
        </Button>
      </div>
      <div className="cl-auth-switch">
        {state.step === 'login' && (
          <>
            <button
              type="button"
              className="cl-link-button"
              onClick={() => dispatch({ type: 'goto', step: 'register' })}
              data-testid="to-register"
            >
              {t('login.toRegister')}
            </button>
            <button
              type="button"
              className="cl-link-button"
              onClick={() => dispatch({ type: 'goto', step: 'forgot' })}
            >
              {t('login.forgot')}
            </button>
          </>
        )}
        {(state.step === 'register' || state.step === 'forgot') && (
          <button
            type="button"
            className="cl-link-button"
            onClick={() => dispatch({ type: 'goto', step: 'login' })}
          >
            {t('login.toLogin')}
          </button>
        )}
        {state.step === 'emailCode' && (
          <button type="button" className="cl-link-button" onClick={() => dispatch({ type: 'back' })}>
            {t('common.back')}
          </button>
        )}
      </div>
    </form>
  );
}
