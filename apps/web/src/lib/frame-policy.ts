export interface FramePolicy {
  /** The app's own origin: its legal pages are shown in the web view. */
  ownOrigin: string;
  /** Partner origins the server allows (runtime config `frame_origins`). */
  partnerOrigins: readonly string[];
}

/**
 * Whether the web view may show `url` inside the app. Compared by origin (scheme, host and port, as the
 * browser parsed them), never by text, so `https://partner@evil`, look-alike subdomains and other ports fall
 * outside. Anything else is named on an interstitial and opened in the browser (ASVS 5.0 3.7.2 / 3.7.3).
 */
export function isFrameable(url: URL, policy: FramePolicy): boolean {
  return url.origin === policy.ownOrigin || policy.partnerOrigins.includes(url.origin);
}
