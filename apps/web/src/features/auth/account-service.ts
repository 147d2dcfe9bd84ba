import { i18next } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import type { CodePurpose } from './auth-machine';

/** What an account action came to. Only `ok` changes anything. */
export type AccountOutcome = { ok: true } | { ok: false; reason: 'unavailable' };

export interface LoginInput {
  email: string;
  password: string;
}
export interface RegisterInput extends LoginInput {
  code: string;
}
export type ResetPasswordInput = RegisterInput;
export interface ChangePasswordInput {
  originalPassword: string;
  password: string;
}

/**
 * The account procedures (user_msrv login, register, captcha, reset_password, update_password) are not in the
 * contract yet; until they are, every action says so plainly instead of pretending to succeed.
 */
function unavailable(): Promise<AccountOutcome> {
  showToast(i18next.t('auth.unavailable'));
  return Promise.resolve({ ok: false, reason: 'unavailable' });
}

export const accountService = {
  login: (_input: LoginInput) => unavailable(),
  requestEmailCode: (_email: string, _purpose: CodePurpose) => unavailable(),
  register: (_input: RegisterInput) => unavailable(),
  resetPassword: (_input: ResetPasswordInput) => unavailable(),
  changePassword: (_input: ChangePasswordInput) => unavailable(),
};

/** Logs out on this device: forgets the tokens and the login time (spec §4, SPEC-DECISIONS 13). */
export function signOutLocally(): void {
  useSessionStore.getState().signOut();
}
