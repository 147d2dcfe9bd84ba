import { ErrorCode } from '@coinlens/contract';
import type {
  AppLanguage,
  CaptchaPurpose,
  SecurityInfo,
  SessionTokens,
  UserProfile,
} from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import { FieldRejected, ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { ServerEventSink } from '../../runtime/server-events.js';
import type { PasswordHasher } from '../../security/password-hasher.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordChangedMail } from '../mail/mail-templates.js';
import { isCountryCode } from './countries.js';
import { localisedDeviceLabel } from './device-label-text.js';
import type { EmailCodeService } from './email-code.service.js';
import type { LoginEventRepository } from './login-event.repository.js';
import type { LoginGuard } from './login-guard.js';
import { maskEmail, maskIp } from './masking.js';
import type { DeviceContext, SessionService } from './session.service.js';
import { statusFailure } from './session.service.js';
import type { ProfileChanges, UserRepository, UserRow } from './user.repository.js';

export interface Registration {
  email: string;
  code: string;
  password: string;
  country: string;
  nickname: string;
}

export interface PasswordChange {
  originalPassword: string;
  password: string;
  signOutOthers: boolean;
}

/** Answers whether an image URL is one the user uploaded (only those may become their avatar). */
export interface AvatarOwnership {
  isOwnUpload(url: string, userId: number): Promise<boolean>;
}

/** Who asks for or spends an email code: limits count per address, a code belongs to its device. */
export type Requester = Pick<DeviceContext, 'ip' | 'deviceId'>;

export interface Caller {
  userId: number;
  sessionId: string;
}

const RECENT_LOGINS = 10;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toProfile(user: UserRow): UserProfile {
  return {
    uid: user.id,
    email: user.email,
    nickname: user.nickname,
    bio: user.bio,
    avatar: user.avatar,
    country: user.country,
    created_at: user.created_at,
  };
}

/** What other modules hear about an account (the inbox writes system messages from these). */
export type AccountEvent =
  | { kind: 'new_device_sign_in'; userId: number; device: string; ip: string; at: number }
  | { kind: 'password_changed'; userId: number; at: number };

export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly loginEvents: LoginEventRepository,
    private readonly sessions: SessionService,
    private readonly codes: EmailCodeService,
    private readonly guard: LoginGuard,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly avatars: AvatarOwnership,
    private readonly log: FastifyBaseLogger,
    private readonly events: ServerEventSink<'account.changed'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Always the same answer; a reset code is only mailed when the email has an account (decision D22). */
  async sendCode(rawEmail: string, purpose: CaptchaPurpose, requester: Requester, language: AppLanguage) {
    const email = normaliseEmail(rawEmail);
    const deliver = purpose === 'register' || (await this.users.findByEmail(email)) !== undefined;
    return this.codes.send({
      email,
      purpose,
      ip: requester.ip,
      deviceId: requester.deviceId,
      language,
      deliver,
    });
  }

  /** The code is checked before the email, so 40008 only ever reaches the mailbox's owner. */
  async register(registration: Registration, device: DeviceContext): Promise<SessionTokens> {
    const email = normaliseEmail(registration.email);
    if (!isCountryCode(registration.country)) throw new FieldRejected('country', 'required_country');
    await this.codes.consume(email, 'register', registration.code, device.deviceId, device.ip);
    const user = await this.users.create({
      email,
      passwordHash: await this.hasher.hash(registration.password),
      nickname: registration.nickname,
      country: registration.country,
      at: this.now(),
    });
    if (!user) throw new ProcedureFailure(ErrorCode.EmailExists);
    this.log.info({ event: 'account_registered', userId: user.id }, 'account registered');
    return this.sessions.start({ id: user.id, nickname: user.nickname }, device);
  }

  /** 40001 for an unknown email and a wrong password alike, in the same time (decision D22). */
  async login(rawEmail: string, password: string, device: DeviceContext): Promise<SessionTokens> {
    const email = normaliseEmail(rawEmail);
    const user = await this.users.findByEmail(email);
    // Asked for unknown emails too (no user has id 0), so the answer's timing does not tell them apart.
    const knownDevice =
      (await this.sessions.isKnownDevice(user?.id ?? 0, device.deviceId, user?.password_changed_at ?? 0)) &&
      user !== undefined;
    const check = await this.guard.admit({
      emailKey: email,
      userId: user?.id ?? null,
      ip: device.ip,
      device: device.device,
      knownDeviceId: knownDevice ? device.deviceId : null,
      countFailuresFrom: user?.password_changed_at ?? 0,
    });
    const matches = user
      ? await this.hasher.verify(user.password_hash, password)
      : await this.hasher.verifyAgainstNothing(password);
    await check.settle(matches);
    if (!user || !matches) {
      this.log.info({ event: 'login_failed', known: user !== undefined }, 'login failed');
      throw new ProcedureFailure(ErrorCode.LoginFailed);
    }
    if (user.status !== 'active') throw new ProcedureFailure(statusFailure(user.status));
    this.log.info({ event: 'login_succeeded', userId: user.id }, 'login succeeded');
    if (!knownDevice)
      this.events.emit('account.changed', {
        kind: 'new_device_sign_in',
        userId: user.id,
        device: device.device,
        ip: device.ip,
        at: this.now(),
      });
    return this.sessions.start({ id: user.id, nickname: user.nickname }, device);
  }

  /** Sets a new password from an email code the same device asked for and ends every session of the account. */
  async resetPassword(rawEmail: string, code: string, password: string, requester: Requester): Promise<void> {
    const email = normaliseEmail(rawEmail);
    await this.codes.consume(email, 'reset_password', code, requester.deviceId, requester.ip);
    const user = await this.users.findByEmail(email);
    // A live reset code exists only for registered emails that asked for one, but stay defensive.
    if (!user) throw new FieldRejected('code', 'verification_code_error');
    await this.users.updatePassword(user.id, await this.hasher.hash(password), this.now());
    const ended = await this.sessions.endOthers(user.id, null, 'password_reset');
    this.log.info({ event: 'password_reset', userId: user.id, endedSessions: ended }, 'password reset');
    this.events.emit('account.changed', { kind: 'password_changed', userId: user.id, at: this.now() });
  }

  async profile(caller: Caller): Promise<UserProfile> {
    return toProfile(await this.requireUser(caller.userId));
  }

  async updateProfile(caller: Caller, changes: ProfileChanges): Promise<UserProfile> {
    if (
      changes.avatar !== undefined &&
      changes.avatar !== '' &&
      !(await this.avatars.isOwnUpload(changes.avatar, caller.userId))
    ) {
      throw new ProcedureFailure(ErrorCode.ParameterInvalid, 'avatar');
    }
    await this.users.updateProfile(caller.userId, changes, this.now());
    return this.profile(caller);
  }

  /** 40005 for a wrong original password, which also counts toward the account's failure limit. */
  async changePassword(caller: Caller, change: PasswordChange, language: AppLanguage): Promise<number> {
    const user = await this.requireUser(caller.userId);
    const check = await this.guard.admitPasswordChange(user.email, user.id, user.password_changed_at ?? 0);
    const matches = await this.hasher.verify(user.password_hash, change.originalPassword);
    await check.settle(matches);
    if (!matches) throw new ProcedureFailure(ErrorCode.OldPasswordWrong);
    await this.users.updatePassword(user.id, await this.hasher.hash(change.password), this.now());
    const ended = change.signOutOthers
      ? await this.sessions.endOthers(user.id, caller.sessionId, 'password_changed')
      : 0;
    this.log.info({ event: 'password_changed', userId: user.id, endedSessions: ended }, 'password changed');
    this.events.emit('account.changed', { kind: 'password_changed', userId: user.id, at: this.now() });
    this.mailer
      .send(passwordChangedMail(user.email, language))
      .catch((error: unknown) => this.log.error({ err: error }, 'password-changed mail not sent'));
    return ended;
  }

  async securityInfo(caller: Caller, language: AppLanguage): Promise<SecurityInfo> {
    const user = await this.requireUser(caller.userId);
    const [logins, sessions] = await Promise.all([
      this.loginEvents.recentForUser(user.id, RECENT_LOGINS),
      this.sessions.live(user.id),
    ]);
    return {
      email_masked: maskEmail(user.email),
      password_changed_at: user.password_changed_at,
      recent_logins: logins.map((login) => ({
        at: login.at,
        device: localisedDeviceLabel(login.device)[language],
        ip_masked: maskIp(login.ip),
        success: login.success,
      })),
      sessions: sessions.map((session) => ({
        id: session.id,
        device: localisedDeviceLabel(session.device)[language],
        created_at: session.created_at,
        last_used_at: session.last_used_at,
        current: session.id === caller.sessionId,
      })),
    };
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw new ProcedureFailure(ErrorCode.SessionExpired);
    return user;
  }
}
