import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';

import { ErrorView } from '@/components/ErrorView';
import { LoadingView } from '@/components/LoadingView';
import { userInfoQuery } from '../api';
import { ProfileForm } from './ProfileForm';

/** Your info: loads `user_msrv/user_info`, then offers the profile form. */
export function ProfileEditor({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const profile = useQuery(userInfoQuery(uid));
  if (profile.isPending) return <LoadingView testId="profile-loading" />;
  if (profile.isError)
    return <ErrorView message={t('profile.loadFailed')} onRetry={() => void profile.refetch()} />;
  return <ProfileForm key={profile.data.uid} uid={uid} profile={profile.data} />;
}
