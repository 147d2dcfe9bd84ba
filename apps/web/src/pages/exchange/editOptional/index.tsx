import { LoginRequired } from '@/components/LoginRequired';
import { WatchListEditor } from '@/features/watchlists/components/WatchListEditor';
import { useIsLoggedIn } from '@/lib/session-store';

/** Edit the coin watch list (login-gated). */
export default function EditOptionalPage() {
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="page-editOptional">
      {loggedIn ? <WatchListEditor kind="coins" /> : <LoginRequired />}
    </div>
  );
}
