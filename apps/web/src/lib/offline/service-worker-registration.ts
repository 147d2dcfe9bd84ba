/** The one registration of the service worker (offline shell, update flow, push), shared by every caller. */
let registering: Promise<ServiceWorkerRegistration | null> | null = null;

async function register(): Promise<ServiceWorkerRegistration | null> {
  try {
    return await navigator.serviceWorker.register('./sw.js', { scope: './' });
  } catch {
    return null;
  }
}

/** Registers `./sw.js` once; null where unsupported or refused (a later call tries again). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= register().then((registration) => {
    if (!registration) registering = null;
    return registration;
  });
  return registering;
}
