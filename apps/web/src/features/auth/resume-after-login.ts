import { isRoutePath, paths, type RoutePath } from '@/config/paths';
import { readStored, removeStored } from '@/lib/storage';

/**
 * Where to go after a successful login: the route kept in `url_params` when a session expired
 * (decision D13), else the Me tab. The pending route is used once.
 */
export function takePendingRoute(): { to: RoutePath; search: Record<string, string> } {
  const pending = readStored('url_params');
  removeStored('url_params');
  if (pending && isRoutePath(pending.path) && pending.path !== paths.loginRegister) {
    return { to: pending.path, search: pending.query };
  }
  return { to: paths.user, search: {} };
}
