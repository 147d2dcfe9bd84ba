import { registerServiceWorker } from '@/lib/offline/service-worker-registration';
import { workerPhase } from './update-stage';
import { useWorkerUpdateStore } from './worker-update-store';

/** Long enough to read "installed" before the page restarts on the new version. */
export const RESTART_DELAY_MS = 1_200;

interface ProgressMessage {
  kind: 'coinlens-update-progress';
  done: number;
  total: number;
}

function isProgressMessage(data: unknown): data is ProgressMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { kind?: unknown }).kind === 'coinlens-update-progress' &&
    typeof (data as { done?: unknown }).done === 'number' &&
    typeof (data as { total?: unknown }).total === 'number'
  );
}

/** The followers' catch-up, run after each update check: a new worker their `updatefound` did not see. */
const catchUps = new Set<() => void>();

/**
 * Feeds the update store from the service worker lifecycle of `registration`: a newer worker installing,
 * its download progress, waiting, activating, taking control (then the page restarts if the user accepted)
 * or failing. The first install of all is not an update and is ignored. Answers a function that stops it.
 */
export function followWorkerUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer = navigator.serviceWorker,
  restart: () => void = () => window.location.reload(),
): () => void {
  const store = useWorkerUpdateStore.getState;
  let tracked: ServiceWorker | null = null;
  let hadController = container.controller !== null;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;

  const onStateChange = (event: Event) => {
    if (event.target === tracked && tracked) store().workerChanged(workerPhase(tracked.state));
  };
  const track = (worker: ServiceWorker) => {
    tracked?.removeEventListener('statechange', onStateChange);
    tracked = worker;
    worker.addEventListener('statechange', onStateChange);
    store().newWorker(workerPhase(worker.state));
  };
  /** The newer worker not yet in control, if any. */
  const pendingWorker = () => registration.installing ?? registration.waiting;
  const onUpdateFound = () => {
    if (!container.controller) return;
    const worker = pendingWorker();
    // A new worker that is neither installing nor waiting by this turn failed at once (its install threw).
    if (worker) track(worker);
    else store().newWorker('redundant');
  };
  const catchUp = () => {
    const worker = pendingWorker();
    if (container.controller && worker && worker !== tracked) track(worker);
  };
  const onControllerChange = () => {
    if (hadController) {
      store().tookControl();
      if (store().accepted) restartTimer = setTimeout(restart, RESTART_DELAY_MS);
    }
    hadController = true;
  };
  const onMessage = (event: MessageEvent<unknown>) => {
    if (tracked && event.source === tracked && isProgressMessage(event.data))
      store().downloadProgressed({ done: event.data.done, total: event.data.total });
  };

  if (container.controller) {
    const pending = pendingWorker();
    if (pending) track(pending);
  }
  registration.addEventListener('updatefound', onUpdateFound);
  catchUps.add(catchUp);
  container.addEventListener('controllerchange', onControllerChange);
  container.addEventListener('message', onMessage);
  container.startMessages();
  return () => {
    clearTimeout(restartTimer);
    tracked?.removeEventListener('statechange', onStateChange);
    registration.removeEventListener('updatefound', onUpdateFound);
    catchUps.delete(catchUp);
    container.removeEventListener('controllerchange', onControllerChange);
    container.removeEventListener('message', onMessage);
  };
}

/** The check in flight, and the one that follows it for the calls made meanwhile. */
let checking: Promise<boolean> | null = null;
let following: { run: Promise<boolean>; userAsked: boolean } | null = null;

/**
 * Asks the server for a newer service worker. Quiet by default (background checks while offline are
 * normal); `userAsked` shows a failure as the overlay's failed state (retry). A call made while a check is in
 * flight waits for it and then checks once more (calls made meanwhile share that one): the browser joins an
 * `update()` to the one in flight, whose script may have been fetched before the call, so a release that came out
 * in between would wait for the next check.
 */
export function checkForWorkerUpdate({ userAsked = false } = {}): Promise<boolean> {
  if (!checking) {
    checking = checkNow(userAsked).finally(() => (checking = null));
    return checking;
  }
  if (following) {
    following.userAsked ||= userAsked;
    return following.run;
  }
  const next = { run: Promise.resolve(false), userAsked };
  next.run = checking.then(() => {
    following = null;
    return checkForWorkerUpdate({ userAsked: next.userAsked });
  });
  following = next;
  return next.run;
}

async function checkNow(userAsked: boolean): Promise<boolean> {
  const registration = await registerServiceWorker();
  if (!registration) return false;
  if (userAsked) useWorkerUpdateStore.getState().checkOutcome(false);
  try {
    await registration.update();
    for (const catchUp of catchUps) catchUp();
    return Boolean(registration.installing ?? registration.waiting);
  } catch (error) {
    if (userAsked) useWorkerUpdateStore.getState().checkOutcome(true);
    // Offline, a failed background check is expected; online it is worth a line in the console.
    else if (navigator.onLine) console.warn('update check failed', error);
    return false;
  }
}

/** The user accepted: the waiting worker takes over (SKIP_WAITING), then controllerchange restarts the page. */
export async function acceptWorkerUpdate(): Promise<void> {
  const registration = await registerServiceWorker();
  const waiting = registration?.waiting;
  if (!waiting) return;
  useWorkerUpdateStore.getState().userAccepted();
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
