import { useQuery } from '@tanstack/react-query';
import { Avatar } from 'antd-mobile';

import { userInfoQuery } from '../api';

/** The signed-in user's avatar from `user_msrv/user_info` (the default picture until it is known). */
export function UserAvatar({ uid, className }: { uid: string; className?: string }) {
  const { data } = useQuery(userInfoQuery(uid));
  return (
    <Avatar src={data?.avatar ?? ''} className={className} aria-hidden="true" data-testid="user-avatar" />
  );
}
