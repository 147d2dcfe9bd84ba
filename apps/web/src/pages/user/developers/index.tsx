import { LoginRequired } from '@/components/LoginRequired';
import { DevelopersScreen } from '@/features/developers/components/DevelopersScreen';
import { useIsLoggedIn } from '@/lib/session-store';

/** The open API and the user's keys (issue 38, login-gated), opened from the Me tab's tools. */
export default function DevelopersPage() {
  const loggedIn = useIsLoggedIn();
  return <div data-testid="page-developers">{loggedIn ? <DevelopersScreen /> : <LoginRequired />}</div>;
}
