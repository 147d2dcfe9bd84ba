/* global self, caches */
// Coinlens service worker: keeps the built app shell for an offline start, and shows Web Push notifications
// and hands taps to the app, which routes them by type (spec §2) after the spec's 500 ms. Kept
// dependency-free and small on purpose. Gateway calls (/gwapi, signed POSTs) never go through the cache: the
// app keeps its own last market snapshot.

// The build (vite-plugin-pwa, injectManifest) replaces this with [{url, revision}] of the app shell.
const SHELL_FILES = self.__WB_MANIFEST;
const SHELL_CACHE_PREFIX = 'coinlens-shell-';
const SHELL_CACHE = SHELL_CACHE_PREFIX + shellVersion(SHELL_FILES);
const PRECACHE_BATCH_FILES = 20;

/** One name per build: a new build precaches into a fresh cache, the old one is dropped on activation. */
function shellVersion(files) {
  let hash = 0x811c9dc5;
  for (const file of files) {
    const text = `${file.url}@${file.revision || ''};`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function shellUrl(path) {
  return new URL(path, self.registration.scope).href;
}

const shellUrls = new Set(SHELL_FILES.map((file) => shellUrl(file.url)));

async function tellWindows(message) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

/** Downloads the shell in batches (one cache transaction each: far quicker than a put per file). */
async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const urls = SHELL_FILES.map((file) => shellUrl(file.url));
  for (let start = 0; start < urls.length; start += PRECACHE_BATCH_FILES) {
    // 'reload': never precache a stale copy from the HTTP cache.
    const batch = urls
      .slice(start, start + PRECACHE_BATCH_FILES)
      .map((url) => new Request(url, { cache: 'reload' }));
    await cache.addAll(batch);
    await tellWindows({ kind: 'coinlens-update-progress', done: start + batch.length, total: urls.length });
  }
}

// No skipWaiting here: a new version waits until the user accepts it on the update overlay (SKIP_WAITING).
self.addEventListener('install', (event) => event.waitUntil(precacheShell()));

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  ),
);

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

function isAppPage(url) {
  const scope = new URL(self.registration.scope);
  return url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`;
}

/** The page from the network (it carries the server's runtime config); the precached copy when offline. */
async function appPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(shellUrl('index.html'), { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function shellFile(request, url) {
  const cached = await caches.match(url, { cacheName: SHELL_CACHE });
  return cached || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isAppPage(url)) event.respondWith(appPage(request));
    return;
  }
  const withoutQuery = url.origin + url.pathname;
  if (shellUrls.has(withoutQuery)) event.respondWith(shellFile(request, withoutQuery));
});

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: 'Coinlens', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Coinlens', {
      body: payload.body || '',
      data: payload.data || {},
      icon: 'icons/icon-192.png',
      badge: 'icons/icon-192.png',
    }),
  );
});

/**
 * Closes a tapped notification and hands its data to an open window (focused), or opens a new window with
 * the data in `?push=`. A named function so tests can drive it with a real notification: NotificationEvents
 * dispatched from script are untrusted and cannot `waitUntil`.
 */
self.coinlensHandleNotificationClick = async (notification) => {
  notification.close();
  const data = notification.data || {};
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (open) {
    // The tap goes first: a browser may refuse the focus, and the app should still open the push's page.
    open.postMessage({ kind: 'coinlens-push-tap', data });
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(`./?push=${encodeURIComponent(JSON.stringify(data))}#/`);
};

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(self.coinlensHandleNotificationClick(event.notification));
});
