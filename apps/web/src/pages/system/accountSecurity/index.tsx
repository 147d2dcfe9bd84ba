import { LoginRequired } from '@/components/LoginRequired';
import { SecurityOverview } from '@/features/auth/components/SecurityOverview';
import { useSessionStore } from '@/lib/session-store';

/** Account security (login-gated, decision D10): `user_msrv/security_info` and its actions. */
export default function AccountSecurityPage() {
  const uid = useSessionStore((state) => state.user?.uid);
  return (
    <div data-testid="page-accountSecurity">{uid ? <SecurityOverview uid={uid} /> : <LoginRequired />}</div>
  );
}
