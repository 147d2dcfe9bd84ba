import {
  checkAgreement,
  checkCountry,
  checkEmail,
  checkNickname,
  checkPassword,
  checkRepeatPassword,
  checkVerificationCode,
  type CaptchaPurpose,
  type ValidationMessageKey,
} from '@coinlens/contract';

import { formFieldLookup, type FieldProblem } from './field-problem';

/** The login/register screen's steps. */
export type AuthStep = 'login' | 'register' | 'forgot' | 'emailCode';
/** Why an email code is being entered: finishing a registration or resetting a password. */
export type CodePurpose = CaptchaPurpose;

export interface AuthForm {
  email: string;
  password: string;
  repeatPassword: string;
  code: string;
  nickname: string;
  /** ISO 3166-1 alpha-2 code of the chosen country. */
  country: string;
  agreed: boolean;
}

export type AuthField = keyof AuthForm;
export type AuthErrors = Partial<Record<AuthField, FieldProblem>>;

export interface AuthState {
  step: AuthStep;
  /** Set while on the emailCode step. */
  purpose: CodePurpose | null;
  form: AuthForm;
  errors: AuthErrors;
  submitting: boolean;
  /** When another email code may be asked for (ms since the epoch); set on the emailCode step. */
  resendAt: number | null;
}

export type AuthEvent =
  | { type: 'goto'; step: Exclude<AuthStep, 'emailCode'> }
  | { type: 'edit'; field: Exclude<AuthField, 'agreed'>; value: string }
  | { type: 'agree'; value: boolean }
  | { type: 'invalid'; errors: AuthErrors }
  | { type: 'submit' }
  | { type: 'settled' }
  /**
   * The email code was sent: register → emailCode(register), forgot → emailCode(reset_password); on the emailCode
   * step (a resend) only the next resend time changes. `resendAt` is in ms since the epoch.
   */
  | { type: 'codeSent'; resendAt: number }
  /** From the emailCode step back to the step that asked for the code. */
  | { type: 'back' };

export const emptyForm: AuthForm = {
  email: '',
  password: '',
  repeatPassword: '',
  code: '',
  nickname: '',
  country: '',
  agreed: false,
};

export function initialAuthState(step: Exclude<AuthStep, 'emailCode'> = 'login'): AuthState {
  return { step, purpose: null, form: emptyForm, errors: {}, submitting: false, resendAt: null };
}

/** The fields each step shows, in order. */
export function stepFields(state: Pick<AuthState, 'step' | 'purpose'>): AuthField[] {
  switch (state.step) {
    case 'login':
      return ['email', 'password'];
    case 'register':
      return ['email', 'password', 'repeatPassword', 'nickname', 'country', 'agreed'];
    case 'forgot':
      return ['email'];
    case 'emailCode':
      return state.purpose === 'reset_password' ? ['code', 'password', 'repeatPassword'] : ['code'];
  }
}

/** The contract's rules (decision D23) for the fields of the current step. */
export function validateStep(state: Pick<AuthState, 'step' | 'purpose' | 'form'>): AuthErrors {
  const { form } = state;
  const errors: AuthErrors = {};
  for (const field of stepFields(state)) {
    let problem: ValidationMessageKey | null = null;
    switch (field) {
      case 'email':
        problem = checkEmail(form.email);
        break;
      case 'password':
        problem = checkPassword(form.password);
        break;
      case 'repeatPassword':
        problem = checkRepeatPassword(form.password, form.repeatPassword);
        break;
      case 'code':
        problem = checkVerificationCode(form.code);
        break;
      case 'nickname':
        problem = checkNickname(form.nickname);
        break;
      case 'country':
        problem = checkCountry(form.country);
        break;
      case 'agreed':
        problem = checkAgreement(form.agreed);
        break;
    }
    if (problem) errors[field] = problem;
  }
  return errors;
}

function withoutError(errors: AuthErrors, field: AuthField): AuthErrors {
  const next = { ...errors };
  delete next[field];
  return next;
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'goto':
      // Keep the email when switching between login, register and forgot; drop secrets and errors.
      return { ...initialAuthState(event.step), form: { ...emptyForm, email: state.form.email } };
    case 'edit':
      return {
        ...state,
        form: { ...state.form, [event.field]: event.value },
        errors: withoutError(state.errors, event.field),
      };
    case 'agree':
      return {
        ...state,
        form: { ...state.form, agreed: event.value },
        errors: withoutError(state.errors, 'agreed'),
      };
    case 'invalid':
      return { ...state, errors: event.errors, submitting: false };
    case 'submit':
      return { ...state, submitting: true };
    case 'settled':
      return { ...state, submitting: false };
    case 'codeSent':
      if (state.step === 'register') {
        return {
          ...state,
          step: 'emailCode',
          purpose: 'register',
          errors: {},
          submitting: false,
          resendAt: event.resendAt,
        };
      }
      if (state.step === 'forgot') {
        return {
          ...state,
          step: 'emailCode',
          purpose: 'reset_password',
          form: { ...state.form, password: '', repeatPassword: '', code: '' },
          errors: {},
          submitting: false,
          resendAt: event.resendAt,
        };
      }
      if (state.step === 'emailCode') return { ...state, resendAt: event.resendAt };
      return state;
    case 'back':
      if (state.step !== 'emailCode') return state;
      return {
        ...state,
        step: state.purpose === 'reset_password' ? 'forgot' : 'register',
        purpose: null,
        form: { ...state.form, code: '' },
        errors: {},
        submitting: false,
        resendAt: null,
      };
  }
}

/** The form's fields by the server's names for them (the contract's payload keys). */
const fieldOfServerField = formFieldLookup<AuthField>({
  email: 'email',
  password: 'password',
  repeat_password: 'repeatPassword',
  code: 'code',
  nickname: 'nickname',
  country: 'country',
  agreement: 'agreed',
});

/** The field of the current step a server failure names, or null when the step does not show it. */
export function authFieldOf(
  state: Pick<AuthState, 'step' | 'purpose'>,
  serverField: string,
): AuthField | null {
  const field = fieldOfServerField(serverField);
  return field !== null && stepFields(state).includes(field) ? field : null;
}
