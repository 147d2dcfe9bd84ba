import { ErrorCode } from '@coinlens/contract';
import type { ProcedureName } from '@coinlens/contract';

import type { AuthenticatedUser } from '../../gateway/authenticator.js';
import { ProcedureFailure, SuccessWithMessage } from '../../gateway/procedure-failure.js';
import type { HandlersFor, ProcedureContext } from '../../gateway/procedure-registry.js';
import type { AccountService, Caller } from './accounts.service.js';
import { countryList } from './countries.js';
import { deviceLabel } from './device-label.js';
import type { DeviceContext, SessionService } from './session.service.js';

type UserProcedure = Extract<ProcedureName, `user_msrv/${string}`>;

function deviceOf(context: ProcedureContext): DeviceContext {
  return { deviceId: context.deviceId, device: deviceLabel(context.userAgent), ip: context.ip };
}

/** The gateway guarantees a user for `auth: 'required'` procedures; this narrows the type. */
function callerOf(context: ProcedureContext): Caller {
  const user: AuthenticatedUser | null = context.user;
  if (!user) throw new ProcedureFailure(ErrorCode.NotLoggedIn);
  return { userId: user.userId, sessionId: user.sessionId };
}

export function accountProcedures(
  accounts: AccountService,
  sessions: SessionService,
): HandlersFor<UserProcedure> {
  return {
    'user_msrv/country_list': (_input, context) =>
      Promise.resolve({ list: [...countryList(context.language)] }),
    'user_msrv/captcha': (input, context) =>
      accounts.sendCode(input.email, input.purpose, deviceOf(context), context.language),
    'user_msrv/register': (input, context) =>
      accounts.register(
        {
          email: input.email,
          code: input.code,
          password: input.password,
          country: input.country,
          nickname: input.nickname,
        },
        deviceOf(context),
      ),
    'user_msrv/login': (input, context) => accounts.login(input.email, input.password, deviceOf(context)),
    'user_msrv/refresh_token': (_input, context) => sessions.refresh(context.refreshToken, context.deviceId),
    'user_msrv/logout': async (_input, context) => {
      if (!(await sessions.end(context.accessToken, context.refreshToken)))
        throw new ProcedureFailure(ErrorCode.CannotLogOut);
      return {};
    },
    'user_msrv/reset_password': async (input, context) => {
      await accounts.resetPassword(input.email, input.code, input.password, deviceOf(context));
      return new SuccessWithMessage({}, ErrorCode.SettingSucceeded);
    },
    'user_msrv/user_info': (_input, context) => accounts.profile(callerOf(context)),
    'user_msrv/update_user_info': async (input, context) =>
      new SuccessWithMessage(
        await accounts.updateProfile(callerOf(context), {
          nickname: input.nickname,
          bio: input.bio,
          avatar: input.avatar,
        }),
        ErrorCode.SettingSucceeded,
      ),
    'user_msrv/update_password': async (input, context) => {
      const ended = await accounts.changePassword(
        callerOf(context),
        {
          originalPassword: input.original_password,
          password: input.password,
          signOutOthers: input.sign_out_others,
        },
        context.language,
      );
      return new SuccessWithMessage({ signed_out_sessions: ended }, ErrorCode.SettingSucceeded);
    },
    'user_msrv/security_info': (_input, context) =>
      accounts.securityInfo(callerOf(context), context.language),
    'user_msrv/sign_out_sessions': async (input, context) => {
      const caller = callerOf(context);
      const ended = input.session_ids
        ? await sessions.endSome(
            caller.userId,
            input.session_ids.filter((id) => id !== caller.sessionId),
          )
        : await sessions.endOthers(caller.userId, caller.sessionId, 'signed_out');
      return { signed_out_sessions: ended };
    },
  };
}
