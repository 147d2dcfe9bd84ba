/** Constants of the /gwapi protocol (docs/gateway-protocol.md). */
export const GATEWAY_BASE_PATH = '/gwapi';
export const GATEWAY_VERSION = 'v1';
export const GATEWAY_DEV_ID = '0';
/** A signed timestamp more than this many seconds away from the server clock is refused. */
export const SIGNATURE_WINDOW_SECONDS = 300;
/** Request, upload, download and socket timeouts (business constants, docs/decisions.md). */
export const NETWORK_TIMEOUT_MS = 60_000;
export const UPLOAD_PATH = '/alibase64upload';
export const LIVE_SOCKET_PATH = '/ws';

/** Request headers the gateway reads. */
export const GatewayHeader = {
  accessToken: 'AccessToken',
  refreshToken: 'RefreshToken',
  deviceId: 'DeviceId',
  language: 'Lang',
} as const;

/** The body fields of every signed call. `signature` is computed over all the others. */
export interface SignedEnvelope {
  data: string;
  app_id: string;
  dev_id: string;
  timestamp: string;
  v: string;
  /**
   * Random per call, 16–64 of `A-Z a-z 0-9 - _`; required. An addition to the original envelope fields: the
   * secret ships in the web bundle, so without an unpredictable nonce anyone could compute the signature of
   * a predictable call (same payload, a future second) and send it first, and the real call would then be
   * refused as a replay. It also lets two identical calls share a second.
   */
  nonce: string;
  signature: string;
}

export type UnsignedEnvelope = Omit<SignedEnvelope, 'signature'>;

/** Every answer of the gateway. `code` 0 is success; any other code is from the error catalogue. */
export interface GatewayAnswer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** `POST /gwapi/v1/<service>/<procedure>` for a procedure named `<service>/<procedure>`. */
export function procedurePath(procedure: string): string {
  return `${GATEWAY_BASE_PATH}/${GATEWAY_VERSION}/${procedure}`;
}

/**
 * Development signing pair, used when APP_ID / APP_SECRET are not set (README "Configuration").
 * The secret ships inside the web bundle whatever its value: it guards integrity and replay, not identity.
 */
export const DEV_APP_ID = 'coinlens-web';
export const DEV_APP_SECRET = 'coinlens-dev-secret';
