import { LoginRequired } from '@/components/LoginRequired';
import { WatchListEditor } from '@/features/watchlists/components/WatchListEditor';
import { useIsLoggedIn } from '@/lib/session-store';

/** Edit the followed exchanges (login-gated). */
export default function EditFollowPage() {
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="page-editFollow">
      {loggedIn ? <WatchListEditor kind="exchange" /> : <LoginRequired />}
    </div>
  );
}
