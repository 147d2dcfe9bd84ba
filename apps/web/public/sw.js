/* global self */
// Coinlens service worker: shows Web Push notifications and hands taps to the app, which routes them by type
// (spec §2) after the spec's 500 ms. Kept dependency-free and small on purpose.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.focus();
        open.postMessage({ kind: 'coinlens-push-tap', data });
        return;
      }
      await self.clients.openWindow(`./?push=${encodeURIComponent(JSON.stringify(data))}#/`);
    })(),
  );
});
