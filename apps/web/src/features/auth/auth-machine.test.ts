import { describe, expect, it } from 'vitest';

import {
  authFieldOf,
  authReducer,
  initialAuthState,
  validateStep,
  type AuthEvent,
  type AuthState,
} from './auth-machine';

function run(events: AuthEvent[], state: AuthState = initialAuthState()): AuthState {
  return events.reduce(authReducer, state);
}

const edit = (
  field: 'email' | 'password' | 'repeatPassword' | 'code' | 'nickname' | 'country',
  value: string,
): AuthEvent => ({
  type: 'edit',
  field,
  value,
});

describe('login / register state machine', () => {
  it('requires email and password on login, then checks their format', () => {
    expect(validateStep(initialAuthState())).toEqual({
      email: 'required_email',
      password: 'required_password',
    });
    const state = run([edit('email', 'not-an-email'), edit('password', '12345678')]);
    expect(validateStep(state)).toEqual({ email: 'email_format', password: 'password_format' });
    expect(validateStep(run([edit('email', 'a@b.co'), edit('password', 'abc12345')]))).toEqual({});
  });

  it('register needs a matching repeated password, a nickname, a country and the agreement', () => {
    const state = run([
      { type: 'goto', step: 'register' },
      edit('email', 'a@b.co'),
      edit('password', 'abc12345'),
      edit('repeatPassword', 'abc12346'),
      edit('nickname', '   '),
    ]);
    expect(validateStep(state)).toEqual({
      repeatPassword: 'passwords_mismatch',
      nickname: 'required_nickname',
      country: 'required_country',
      agreed: 'agreement_required',
    });
    expect(validateStep(run([edit('nickname', 'x'.repeat(200))], state)).nickname).toBe('nickname_too_long');
    expect(
      validateStep(
        run(
          [
            edit('repeatPassword', 'abc12345'),
            edit('nickname', 'Satoshi'),
            edit('country', 'VN'),
            { type: 'agree', value: true },
          ],
          state,
        ),
      ),
    ).toEqual({});
  });

  it('keeps the next resend time of the email code, and a resend moves it', () => {
    const sent = run([
      { type: 'goto', step: 'register' },
      { type: 'codeSent', resendAt: 60_000 },
    ]);
    expect(sent.resendAt).toBe(60_000);
    expect(run([{ type: 'codeSent', resendAt: 120_000 }], sent)).toMatchObject({
      step: 'emailCode',
      purpose: 'register',
      resendAt: 120_000,
    });
    expect(run([{ type: 'back' }], sent).resendAt).toBeNull();
  });

  it('maps server field names to the fields the current step shows', () => {
    const register = run([{ type: 'goto', step: 'register' }]);
    expect(authFieldOf(register, 'repeat_password')).toBe('repeatPassword');
    expect(authFieldOf(register, 'agreement')).toBe('agreed');
    expect(authFieldOf(register, 'country')).toBe('country');
    expect(authFieldOf(register, 'code')).toBeNull();
    const code = run([{ type: 'codeSent', resendAt: 1 }], register);
    expect(authFieldOf(code, 'code')).toBe('code');
    expect(authFieldOf(code, 'email')).toBeNull();
    expect(authFieldOf(code, 'toString')).toBeNull();
  });

  it('moves register → email code → back, keeping the email', () => {
    const state = run([
      { type: 'goto', step: 'register' },
      edit('email', 'a@b.co'),
      { type: 'codeSent', resendAt: 60_000 },
    ]);
    expect(state).toMatchObject({ step: 'emailCode', purpose: 'register' });
    expect(validateStep(state)).toEqual({ code: 'required_verification_code' });
    expect(validateStep(run([edit('code', '12ab')], state))).toEqual({ code: 'verification_code_error' });
    expect(run([{ type: 'back' }], state)).toMatchObject({ step: 'register', form: { email: 'a@b.co' } });
  });

  it('forgot password → email code asks for the code and a new password twice', () => {
    const state = run([
      { type: 'goto', step: 'forgot' },
      edit('email', 'a@b.co'),
      { type: 'codeSent', resendAt: 60_000 },
    ]);
    expect(state).toMatchObject({ step: 'emailCode', purpose: 'reset_password' });
    expect(validateStep(state)).toEqual({
      code: 'required_verification_code',
      password: 'required_password',
      repeatPassword: 'required_repeat_password',
    });
  });

  it('editing a field clears its error; switching steps drops secrets but keeps the email', () => {
    const invalid = run([
      { type: 'invalid', errors: { email: 'required_email', password: 'required_password' } },
    ]);
    expect(run([edit('email', 'x')], invalid).errors).toEqual({ password: 'required_password' });
    const switched = run([
      edit('email', 'a@b.co'),
      edit('password', 'secret123'),
      { type: 'goto', step: 'register' },
    ]);
    expect(switched.form).toMatchObject({ email: 'a@b.co', password: '' });
  });

  it('codeSent does nothing on the login step', () => {
    expect(run([{ type: 'codeSent', resendAt: 60_000 }]).step).toBe('login');
  });
});
