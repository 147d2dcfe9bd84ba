import { describe, expect, it } from 'vitest';

import { authReducer, initialAuthState, validateStep, type AuthEvent, type AuthState } from './auth-machine';

function run(events: AuthEvent[], state: AuthState = initialAuthState()): AuthState {
  return events.reduce(authReducer, state);
}

const edit = (field: 'email' | 'password' | 'repeatPassword' | 'code', value: string): AuthEvent => ({
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

  it('register needs a repeated password that matches and the agreement', () => {
    const state = run([
      { type: 'goto', step: 'register' },
      edit('email', 'a@b.co'),
      edit('password', 'abc12345'),
      edit('repeatPassword', 'abc12346'),
    ]);
    expect(validateStep(state)).toEqual({
      repeatPassword: 'passwords_mismatch',
      agreed: 'agreement_required',
    });
    expect(
      validateStep(run([edit('repeatPassword', 'abc12345'), { type: 'agree', value: true }], state)),
    ).toEqual({});
  });

  it('moves register → email code → back, keeping the email', () => {
    const state = run([{ type: 'goto', step: 'register' }, edit('email', 'a@b.co'), { type: 'codeSent' }]);
    expect(state).toMatchObject({ step: 'emailCode', purpose: 'register' });
    expect(validateStep(state)).toEqual({ code: 'required_verification_code' });
    expect(validateStep(run([edit('code', '12ab')], state))).toEqual({ code: 'verification_code_error' });
    expect(run([{ type: 'back' }], state)).toMatchObject({ step: 'register', form: { email: 'a@b.co' } });
  });

  it('forgot password → email code asks for the code and a new password twice', () => {
    const state = run([{ type: 'goto', step: 'forgot' }, edit('email', 'a@b.co'), { type: 'codeSent' }]);
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
    expect(run([{ type: 'codeSent' }]).step).toBe('login');
  });
});
