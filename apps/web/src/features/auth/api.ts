import { queryOptions } from '@tanstack/react-query';

import { gateway } from '@/lib/gateway/gateway';
import { currentLanguage } from '@/lib/i18n';

/** `user_msrv/country_list`: every country, named in the current language. */
export function countryListQuery() {
  const language = currentLanguage();
  return queryOptions({
    queryKey: ['user_msrv/country_list', language],
    queryFn: ({ signal }) => gateway.call('user_msrv/country_list', {}, { signal }),
    select: (data) => data.list,
    staleTime: Infinity,
  });
}

/** `user_msrv/user_info` of the signed-in user (keyed by uid, so one account never sees another's cache). */
export function userInfoQuery(uid: string) {
  return queryOptions({
    queryKey: ['user_msrv/user_info', uid],
    queryFn: ({ signal }) => gateway.call('user_msrv/user_info', {}, { signal }),
  });
}

/** `user_msrv/security_info`: masked email, live sessions, recent logins. Always fetched fresh. */
export function securityInfoQuery(uid: string) {
  return queryOptions({
    queryKey: ['user_msrv/security_info', uid],
    queryFn: ({ signal }) => gateway.call('user_msrv/security_info', {}, { signal }),
    staleTime: 0,
  });
}
