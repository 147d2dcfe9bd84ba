import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { callerIdOf } from '../../gateway/procedure-registry.js';
import type { ApiKeyService } from './api-key.service.js';

type ApiKeyProcedure =
  'appsys_msrv/api_key_list' | 'appsys_msrv/api_key_create' | 'appsys_msrv/api_key_revoke';

export function apiKeyProcedures(keys: ApiKeyService): HandlersFor<ApiKeyProcedure> {
  return {
    'appsys_msrv/api_key_list': (_input, context) => keys.list(callerIdOf(context)),
    'appsys_msrv/api_key_create': (input, context) => keys.create(callerIdOf(context), input.label),
    'appsys_msrv/api_key_revoke': async (input, context) => {
      await keys.revoke(callerIdOf(context), input.id);
      return { revoked: true as const };
    },
  };
}
