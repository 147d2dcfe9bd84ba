/**
 * The browsers' push services. Endpoints come from clients; anything else would let a client make the server
 * post to a host of its choosing.
 */
export const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];

/**
 * Whether a client may register `endpoint`: https on the default port (the push services listen on nothing else;
 * `https://fcm.googleapis.com:81/…` only hangs until the timeout), no credentials, a known push service host.
 */
export function isAllowedPushEndpoint(
  endpoint: string,
  hosts: readonly RegExp[] = PUSH_SERVICE_HOSTS,
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // URL drops a written-out default port (":443"), so any port left here is another one.
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '')
    return false;
  return hosts.some((pattern) => pattern.test(url.hostname));
}
