import type { HandlersFor } from '../../gateway/procedure-registry.js';
import type { AppService } from './app.service.js';

export function appProcedures(
  service: AppService,
): HandlersFor<'appsys_msrv/app_config' | 'appsys_msrv/version_check'> {
  return {
    'appsys_msrv/app_config': (_input, context) => Promise.resolve(service.appConfig(context.language)),
    'appsys_msrv/version_check': (input, context) =>
      service.versionCheck(input.platform, input.version_code, context.language),
  };
}
