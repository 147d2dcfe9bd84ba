import { LoginRequired } from '@/components/LoginRequired';
import { MessageList } from '@/features/inbox/components/MessageList';
import { useIsLoggedIn } from '@/lib/session-store';

/** Message inbox (login-gated, decision D10): newest first, unread marked, all can be marked read. */
export default function NoticePage() {
  const loggedIn = useIsLoggedIn();
  return <div data-testid="page-notice">{loggedIn ? <MessageList /> : <LoginRequired />}</div>;
}
