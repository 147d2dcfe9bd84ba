import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 31_536_000;

const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // antd-mobile sets inline style attributes; no inline scripts are allowed.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // The app calls its own gateway only; CSP 3's 'self' also matches ws:/wss: to the same host (the live socket).
  'connect-src': ["'self'"],
  // The web view frames our own pages and configured partners (frameSources); anything else gets a notice.
  'frame-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function policyText(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join(';');
}

const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  // Agrees with frame-ancestors 'none'.
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // The legacy XSS auditor is itself an attack surface; "0" turns it off, as OWASP advises.
  'x-xss-protection': '0',
});

/**
 * CSP, HSTS, frame-ancestors, nosniff and a strict referrer policy on every response (ASVS 5.0 V3.4) — the
 * set helmet sends, built once at start instead of per request, since none of it depends on the request.
 * `frameOrigins`: the partner origins (config FRAME_ORIGINS) the web view may frame besides our own.
 */
export function securityHeaders(frameOrigins: readonly string[]): Readonly<Record<string, string>> {
  return Object.freeze({
    ...BASE_HEADERS,
    'content-security-policy': policyText({
      ...CONTENT_SECURITY_POLICY,
      'frame-src': [...(CONTENT_SECURITY_POLICY['frame-src'] ?? []), ...frameOrigins],
    }),
  });
}

/**
 * For pages the app itself shows in its embedded web view (the legal documents): framing by the app's own
 * origin only, instead of by nobody.
 */
export const FRAMEABLE_BY_APP_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': policyText({ ...CONTENT_SECURITY_POLICY, 'frame-ancestors': ["'self'"] }),
  'x-frame-options': 'SAMEORIGIN',
});

export function registerSecurityHeaders(app: FastifyInstance, frameOrigins: readonly string[]): void {
  const headers = securityHeaders(frameOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
