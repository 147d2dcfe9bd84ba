import { z } from 'zod';

import {
  agreementSchema,
  bioSchema,
  countrySchema,
  emailSchema,
  nicknameSchema,
  originalPasswordSchema,
  passwordSchema,
  verificationCodeSchema,
} from '../validation/account-rules.js';
import { defineProcedure } from './define-procedure.js';

export const CAPTCHA_PURPOSES = ['register', 'reset_password'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];

const repeatPasswordField = z
  .string({ error: 'required_repeat_password' })
  .min(1, 'required_repeat_password');

/** Reports a repeated password that differs from the new one on the `repeat_password` field. */
function requireMatchingPasswords<T extends { password: string; repeat_password: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.repeat_password) {
    ctx.addIssue({ code: 'custom', path: ['repeat_password'], message: 'passwords_mismatch' });
  }
}

export const countryOutput = z.object({
  /** ISO 3166-1 alpha-2, e.g. "VN". */
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
});

/** What the client keeps as the stored `user` (decision D13). */
export const sessionOutput = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  uid: z.number().int(),
  authorInfo: z.object({ nickname: z.string(), uid: z.number().int() }),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type SessionTokens = z.infer<typeof sessionOutput>;

export const userProfileOutput = z.object({
  uid: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  bio: z.string(),
  avatar: z.string(),
  country: z.string(),
  created_at: z.number().int(),
});
export type UserProfile = z.infer<typeof userProfileOutput>;

export const securityInfoOutput = z.object({
  email_masked: z.string(),
  password_changed_at: z.number().int().nullable(),
  recent_logins: z.array(
    z.object({ at: z.number().int(), device: z.string(), ip_masked: z.string(), success: z.boolean() }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      device: z.string(),
      created_at: z.number().int(),
      last_used_at: z.number().int(),
      current: z.boolean(),
    }),
  ),
});
export type SecurityInfo = z.infer<typeof securityInfoOutput>;

const empty = z.object({});

export const userProcedures = {
  'user_msrv/country_list': defineProcedure({
    input: empty,
    output: z.object({ list: z.array(countryOutput) }),
    auth: 'public',
  }),
  /** Always answers success for a well-formed request, whether or not the email has an account. */
  'user_msrv/captcha': defineProcedure({
    input: z.object({ email: emailSchema, purpose: z.enum(CAPTCHA_PURPOSES) }),
    output: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
    auth: 'public',
    sessionRedirectExempt: true,
  }),
  'user_msrv/register': defineProcedure({
    input: z
      .object({
        email: emailSchema,
        code: verificationCodeSchema,
        password: passwordSchema,
        repeat_password: repeatPasswordField,
        country: countrySchema,
        nickname: nicknameSchema,
        agreement: agreementSchema,
      })
      .superRefine(requireMatchingPasswords),
    output: sessionOutput,
    auth: 'public',
  }),
  'user_msrv/login': defineProcedure({
    input: z.object({
      email: emailSchema,
      password: z.string({ error: 'required_password' }).min(1, 'required_password').max(256),
    }),
    output: sessionOutput,
    auth: 'public',
  }),
  /** Exchanges the `RefreshToken` header for a new pair; the old refresh token is spent. */
  'user_msrv/refresh_token': defineProcedure({ input: empty, output: sessionOutput, auth: 'public' }),
  /** Ends the session of the `RefreshToken` / `AccessToken` headers. */
  'user_msrv/logout': defineProcedure({ input: empty, output: z.object({}), auth: 'public' }),
  'user_msrv/reset_password': defineProcedure({
    input: z
      .object({
        email: emailSchema,
        code: verificationCodeSchema,
        password: passwordSchema,
        repeat_password: repeatPasswordField,
      })
      .superRefine(requireMatchingPasswords),
    output: z.object({}),
    auth: 'public',
  }),
  'user_msrv/user_info': defineProcedure({ input: empty, output: userProfileOutput, auth: 'required' }),
  'user_msrv/update_user_info': defineProcedure({
    input: z
      .object({
        nickname: nicknameSchema.optional(),
        bio: bioSchema.optional(),
        /** A URL answered by the upload endpoint, or '' to remove the avatar. */
        avatar: z.string().max(512).optional(),
      })
      .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'required' }),
    output: userProfileOutput,
    auth: 'required',
  }),
  'user_msrv/update_password': defineProcedure({
    input: z
      .object({
        original_password: originalPasswordSchema,
        password: passwordSchema,
        repeat_password: repeatPasswordField,
        /** End every other session of the account (ASVS 7.4.3 offers it; the app defaults to yes). */
        sign_out_others: z.boolean().default(true),
      })
      .superRefine(requireMatchingPasswords),
    output: z.object({ signed_out_sessions: z.number().int() }),
    auth: 'required',
  }),
  'user_msrv/security_info': defineProcedure({ input: empty, output: securityInfoOutput, auth: 'required' }),
  /** Signs out the listed sessions, or every session but the caller's when `session_ids` is omitted. */
  'user_msrv/sign_out_sessions': defineProcedure({
    input: z.object({ session_ids: z.array(z.string().max(64)).max(100).optional() }),
    output: z.object({ signed_out_sessions: z.number().int() }),
    auth: 'required',
  }),
};

/** Answer of `POST /gwapi/alibase64upload` (decision D24). */
export const uploadOutput = z.object({ url: z.string(), success: z.boolean() });
export type UploadResult = z.infer<typeof uploadOutput>;
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
