import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';

import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ServerEventSink } from '../../runtime/server-events.js';
import type { AttemptLimiter } from '../../security/attempt-limiter.js';
import { PasswordHasher } from '../../security/password-hasher.js';
import { loadOrCreateSecret } from '../../security/server-secrets.js';
import { TokenCodec } from '../../security/token-codec.js';
import type { Mailer } from '../mail/mailer.js';
import { accountProcedures } from './accounts.procedures.js';
import { AccountService, type AvatarOwnership } from './accounts.service.js';
import { EmailCodeRepository } from './email-code.repository.js';
import { EmailCodeService } from './email-code.service.js';
import { LoginEventRepository } from './login-event.repository.js';
import { LoginGuard } from './login-guard.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { UserRepository } from './user.repository.js';

export interface AccountsRuntime {
  service: AccountService;
  /** Sessions: the gateway's authenticator. */
  sessions: SessionService;
  handlers: ReturnType<typeof accountProcedures>;
}

/** Accounts and sessions, built once by the composition root; account events are announced (`account.changed`). */
export async function createAccountsRuntime(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  limiter: AttemptLimiter;
  mailer: Mailer;
  avatars: AvatarOwnership;
  events: ServerEventSink<'account.changed'>;
  log: FastifyBaseLogger;
  now: () => number;
}): Promise<AccountsRuntime> {
  const { db, dialect, limiter, mailer, log, now } = deps;
  const codec = new TokenCodec(await loadOrCreateSecret(db, 'session-token-key'));
  const sessions = new SessionService(new SessionRepository(db), codec, now, (event, details) =>
    log.warn({ event, ...details }, 'security event'),
  );
  const codes = new EmailCodeService(
    new EmailCodeRepository(db, dialect),
    limiter,
    mailer,
    await loadOrCreateSecret(db, 'email-code-key'),
    log,
    now,
  );
  const loginEvents = new LoginEventRepository(db, dialect);
  const service = new AccountService(
    new UserRepository(db),
    loginEvents,
    sessions,
    codes,
    new LoginGuard(loginEvents, limiter, now),
    new PasswordHasher(),
    mailer,
    deps.avatars,
    log,
    deps.events,
    now,
  );
  return { service, sessions, handlers: accountProcedures(service, sessions) };
}
