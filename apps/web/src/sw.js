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
