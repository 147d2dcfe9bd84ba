import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { callerIdOf } from '../../gateway/procedure-registry.js';
import type { PushService } from './push.service.js';

type PushProcedure =
  | 'appsys_msrv/push_config'
  | 'appsys_msrv/push_register'
  | 'appsys_msrv/push_unregister'
  | 'appsys_msrv/push_preferences_update';

export function pushProcedures(push: PushService): HandlersFor<PushProcedure> {
  return {
    'appsys_msrv/push_config': (_input, context) => push.config(context.user?.userId ?? null),
    'appsys_msrv/push_register': async (input, context) => {
      const owner = context.user && { userId: context.user.userId, sessionId: context.user.sessionId };
      await push.register(context.deviceId, owner, context.ip, input, context.language);
      return { registered: true as const };
    },
    'appsys_msrv/push_unregister': async (_input, context) => {
      await push.unregister(context.deviceId);
      return { registered: false as const };
    },
    'appsys_msrv/push_preferences_update': (input, context) =>
      push.updatePreferences(callerIdOf(context), input),
  };
}
