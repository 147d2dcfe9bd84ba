import {
  checkAgreement,
  checkEmail,
  checkPassword,
  checkRepeatPassword,
  checkVerificationCode,
  type ValidationMessageKey,
} from '@coinlens/contract';

/** The login/register screen's steps (spec §4). */
export type AuthStep = 'login' | 'register' | 'forgot' | 'emailCode';
/** Why an email code is being entered: finishing a registration or resetting a password. */
export type CodePurpose = 'register' | 'reset_password';

export interface AuthForm {
  email: string;
  password: string;
  repeatPassword: string;
  code: string;
  agreed: boolean;
}

export type AuthField = keyof AuthForm;
export type AuthErrors = Partial<Record<AuthField, ValidationMessageKey>>;

export interface AuthState {
  step: AuthStep;
  /** Set while on the emailCode step. */
  purpose: CodePurpose | null;
  form: AuthForm;
  errors: AuthErrors;
  submitting: boolean;
}

export type AuthEvent =
  | { type: 'goto'; step: Exclude<AuthStep, 'emailCode'> }
  | { type: 'edit'; field: Exclude<AuthField, 'agreed'>; value: string }
  | { type: 'agree'; value: boolean }
  | { type: 'invalid'; errors: AuthErrors }
  | { type: 'submit' }
  | { type: 'settled' }
  /** The email code was sent: register → emailCode(register), forgot → emailCode(reset_password). */
  | { type: 'codeSent' }
  /** From the emailCode step back to the step that asked for the code. */
  | { type: 'back' };

export const emptyForm: AuthForm = { email: '', password: '', repeatPassword: '', code: '', agreed: false };

export function initialAuthState(step: Exclude<AuthStep, 'emailCode'> = 'login'): AuthState {
  return { step, purpose: null, form: emptyForm, errors: {}, submitting: false };
}

/** The fields each step shows, in order. */
export function stepFields(state: Pick<AuthState, 'step' | 'purpose'>): AuthField[] {
  switch (state.step) {
    case 'login':
      return ['email', 'password'];
    case 'register':
      return ['email', 'password', 'repeatPassword', 'agreed'];
    case 'forgot':
      return ['email'];
    case 'emailCode':
      return state.purpose === 'reset_password' ? ['code', 'password', 'repeatPassword'] : ['code'];
  }
}

/** The contract's rules (spec §5, SPEC-DECISIONS 23) for the fields of the current step. */
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
        return { ...state, step: 'emailCode', purpose: 'register', errors: {}, submitting: false };
      }
      if (state.step === 'forgot') {
        return {
          ...state,
          step: 'emailCode',
          purpose: 'reset_password',
          form: { ...state.form, password: '', repeatPassword: '', code: '' },
          errors: {},
          submitting: false,
        };
      }
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
      };
  }
}
