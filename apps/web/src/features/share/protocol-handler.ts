/**
 * Asks the browser to open `web+coinlens:` links in this app (decision D26), through the in-app link
 * route. Browsers without the API, or that refuse it here, are left alone.
 */
export function registerDeepLinkProtocol(location: Location = window.location): void {
  if (typeof navigator.registerProtocolHandler !== 'function') return;
  try {
    navigator.registerProtocolHandler('web+coinlens', `${location.origin}${location.pathname}#/link?u=%s`);
  } catch {
    // Insecure origins and some embedded views throw; the in-app link route still works.
  }
}
