import { queryOptions } from '@tanstack/react-query';

import { APP_VERSION_CODE } from '@/config/app';
import { gateway } from '@/lib/gateway/gateway';
import { currentLanguage } from '@/lib/i18n';

/** `appsys_msrv/app_config`: localised app name, website, contact (used by Contact us, About us, share). */
export function appConfigQuery() {
  const language = currentLanguage();
  return queryOptions({
    queryKey: ['appsys_msrv/app_config', language],
    queryFn: ({ signal }) => gateway.call('appsys_msrv/app_config', {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** `appsys_msrv/version_check` for this build (web, code 108). */
export function versionCheckQuery() {
  const language = currentLanguage();
  return queryOptions({
    queryKey: ['appsys_msrv/version_check', APP_VERSION_CODE, language],
    queryFn: ({ signal }) =>
      gateway.call(
        'appsys_msrv/version_check',
        { platform: 'web', version_code: APP_VERSION_CODE },
        { signal },
      ),
    staleTime: 30 * 60_000,
  });
}
