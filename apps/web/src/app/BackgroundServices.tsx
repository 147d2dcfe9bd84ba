import { AppUpdateCheck } from '../features/app-info/components/AppUpdateCheck';
import { PushSessionBinder } from '../features/push/PushSessionBinder';
import { PushTapRouter } from '../features/push/PushTapRouter';
import { ClipboardCheck } from '../features/share/ClipboardCheck';

/**
 * What runs beside every screen but draws nothing on the first one: the update check, the clipboard check
 * and the service worker with push taps and the push subscription's binding to the signed-in session. RootLayout loads this chunk once the first screen is idle, so its
 * code (antd's Dialog, react-spring, the worker's update flow) stays out of the initial JavaScript.
 */
export default function BackgroundServices() {
  return (
    <>
      <AppUpdateCheck />
      <ClipboardCheck />
      <PushTapRouter />
      <PushSessionBinder />
    </>
  );
}
