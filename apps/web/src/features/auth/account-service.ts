import { ErrorCode, type CaptchaPurpose } from '@coinlens/contract';

import { gateway } from '@/lib/gateway/gateway';
import { useSessionStore } from '@/lib/session-store';
import { callAccount } from './account-call';
import { storeNickname, storeSession } from './session-tokens';

export type { AccountFailure, AccountResult } from './account-call';

export interface LoginInput {
  email: string;
  password: string;
}
export interface RegisterInput extends LoginInput {
  repeatPassword: string;
  code: string;
  nickname: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}
export interface ResetPasswordInput extends LoginInput {
  repeatPassword: string;
  code: string;
}
export interface ChangePasswordInput {
  originalPassword: string;
  password: string;
  repeatPassword: string;
  signOutOthers: boolean;
}
export interface ProfileChanges {
  nickname: string;
  bio: string;
}

/** Logs out on this device: forgets the tokens and the login time (decision D13). */
export function signOutLocally(): void {
  useSessionStore.getState().signOut();
}

/** The account procedures of `user_msrv` (docs/accounts-and-security.md) as the app's actions. */
export const accountService = {
  /** A session answer is stored as the `user`. */
  async login({ email, password }: LoginInput) {
    const result = await callAccount('user_msrv/login', { email, password });
    if (result.ok) storeSession(result.data);
    return result;
  },

  /** Mails a 6-digit code; the answer says when another may be asked for (`resend_after`, seconds). */
  requestEmailCode(email: string, purpose: CaptchaPurpose) {
    return callAccount('user_msrv/captcha', { email, purpose });
  },

  /** Creates the account and signs in. */
  async register(input: RegisterInput) {
    const result = await callAccount('user_msrv/register', {
      email: input.email,
      code: input.code,
      password: input.password,
      repeat_password: input.repeatPassword,
      country: input.country,
      nickname: input.nickname,
      agreement: true,
    });
    if (result.ok) storeSession(result.data);
    return result;
  },

  /** Sets a new password with an email code; the server ends every session of the account. */
  resetPassword(input: ResetPasswordInput) {
    return callAccount('user_msrv/reset_password', {
      email: input.email,
      code: input.code,
      password: input.password,
      repeat_password: input.repeatPassword,
    });
  },

  /** A wrong original password (40005) comes back as a failure of the `original_password` field. */
  changePassword(input: ChangePasswordInput) {
    return callAccount(
      'user_msrv/update_password',
      {
        original_password: input.originalPassword,
        password: input.password,
        repeat_password: input.repeatPassword,
        sign_out_others: input.signOutOthers,
      },
      { fieldOfCode: { [ErrorCode.OldPasswordWrong]: 'original_password' } },
    );
  },

  /** Ends the session on the server, then forgets it here whatever the server said. */
  async logout(): Promise<void> {
    try {
      await gateway.request('user_msrv/logout', {});
    } catch {
      // Already toasted by the gateway; the local sign-out below must happen anyway.
    } finally {
      signOutLocally();
    }
  },

  /** Saves nickname and bio; the stored nickname follows. */
  async updateProfile(changes: ProfileChanges) {
    const result = await callAccount('user_msrv/update_user_info', changes);
    if (result.ok) storeNickname(result.data.nickname);
    return result;
  },

  /** Ends every session of the account but this one. */
  signOutOtherSessions() {
    return callAccount('user_msrv/sign_out_sessions', {});
  },
};
