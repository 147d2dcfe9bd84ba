import { Button, Checkbox, Input, List } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useReducer, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { legalPaths, paths } from '../../../config/paths';
import { accountService } from '../account-service';
import {
  authReducer,
  initialAuthState,
  stepFields,
  validateStep,
  type AuthField,
  type AuthState,
} from '../auth-machine';
import { FieldError } from './FieldError';

type TextField = Exclude<AuthField, 'agreed'>;

const autoComplete: Record<TextField, string> = {
  email: 'email',
  password: 'current-password',
  repeatPassword: 'new-password',
  code: 'one-time-code',
};

/** Login, register, forgot password and the email-code step (spec §4) as one state machine. */
export function LoginRegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(authReducer, undefined, () => initialAuthState('login'));
  const fields = stepFields(state);

  const labels: Record<TextField, string> = {
    email: t('login.email'),
    password: state.step === 'emailCode' ? t('login.newPassword') : t('login.password'),
    repeatPassword: t('login.repeatPassword'),
    code: t('login.code'),
  };

  async function run(current: AuthState): Promise<void> {
    const { form } = current;
    switch (current.step) {
      case 'login':
        await accountService.login({ email: form.email, password: form.password });
        return;
      case 'register':
      case 'forgot': {
        const outcome = await accountService.requestEmailCode(
          form.email,
          current.step === 'register' ? 'register' : 'reset_password',
        );
        if (outcome.ok) dispatch({ type: 'codeSent' });
        return;
      }
      case 'emailCode':
        if (current.purpose === 'reset_password') {
          await accountService.resetPassword({ email: form.email, password: form.password, code: form.code });
        } else {
          await accountService.register({ email: form.email, password: form.password, code: form.code });
        }
        return;
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
          .filter((field): field is TextField => field !== 'agreed')
          .map((field) => (
            <List.Item key={field} title={labels[field]}>
              <Input
                name={field}
                type={field === 'email' ? 'email' : field === 'code' ? 'text' : 'password'}
                inputMode={field === 'code' ? 'numeric' : undefined}
                autoComplete={
                  field === 'password' && state.step !== 'login' ? 'new-password' : autoComplete[field]
                }
                placeholder={t(`login.placeholder.${field}`)}
                value={state.form[field]}
                onChange={(value) => dispatch({ type: 'edit', field, value })}
                aria-invalid={state.errors[field] ? true : undefined}
                data-testid={`input-${field}`}
              />
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
