import { LoginRequired } from '@/components/LoginRequired';
import { ProfileEditor } from '@/features/auth/components/ProfileEditor';
import { useSessionStore } from '@/lib/session-store';

/** Your info (login-gated, decision D10): avatar, nickname, bio, email; nickname and bio editable. */
export default function YourInfoPage() {
  const uid = useSessionStore((state) => state.user?.uid);
  return <div data-testid="page-YourInfo">{uid ? <ProfileEditor uid={uid} /> : <LoginRequired />}</div>;
}
