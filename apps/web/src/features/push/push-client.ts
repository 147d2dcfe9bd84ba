import { gateway } from '@/lib/gateway/gateway';
import { registerServiceWorker } from '@/lib/offline/service-worker-registration';
import type { PushData } from './push-target';

const REGISTER_ATTEMPTS = 3;
const REGISTER_RETRY_MS = 3_000;

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The app's one service worker registration (it also shows pushes and hands taps to the app). */
export { registerServiceWorker };

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function withRetries<T>(
  work: () => Promise<T>,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  let lastError: unknown;
  for (let attempt = 1; attempt <= REGISTER_ATTEMPTS; attempt++) {
    try {
      return await work();
    } catch (error) {
      lastError = error;
      if (attempt < REGISTER_ATTEMPTS) await sleep(REGISTER_RETRY_MS);
    }
  }
  throw lastError;
}

/**
 * Asks for permission, subscribes with the server's VAPID key and registers the subscription for this device
 * (up to 3 attempts, 3 s apart). Answers false when the user or the browser says no.
 */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = (await registerServiceWorker()) ?? (await navigator.serviceWorker.ready);
  const { vapid_public_key } = await gateway.call('appsys_msrv/push_config', {});
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(vapid_public_key),
  });
  await registerSubscription(subscription);
  return true;
}

function registerSubscription(subscription: PushSubscription): Promise<unknown> {
  const json = subscription.toJSON();
  return withRetries(() =>
    gateway.call('appsys_msrv/push_register', {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    }),
  );
}

/** Registers the subscription this browser already has again, under the current session; false when it has none. */
export async function rebindPush(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return false;
  await registerSubscription(subscription);
  return true;
}

export async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  await gateway.call('appsys_msrv/push_unregister', {});
}

export async function pushEnabled(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Calls `onTap` for each push tapped: from the service worker's message, or the `?push=` of a new window. */
export function listenForPushTaps(onTap: (data: PushData) => void): () => void {
  const fromUrl = new URLSearchParams(window.location.search).get('push');
  if (fromUrl) {
    try {
      onTap(JSON.parse(fromUrl) as PushData);
    } catch {
      console.warn('Push tap ignored (bad data)');
    }
    window.history.replaceState(null, '', window.location.pathname + window.location.hash);
  }
  const onMessage = (event: MessageEvent<{ kind?: string; data?: PushData }>) => {
    if (event.data?.kind === 'coinlens-push-tap') onTap(event.data.data ?? {});
  };
  navigator.serviceWorker?.addEventListener('message', onMessage);
  return () => navigator.serviceWorker?.removeEventListener('message', onMessage);
}
