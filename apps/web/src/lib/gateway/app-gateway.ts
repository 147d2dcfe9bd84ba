import {
  ErrorCode,
  GatewayError,
  GatewayHeader,
  TransportError,
  createGatewayClient,
  SESSION_REDIRECT_EXEMPT,
  type CallOptions,
  type GatewayAnswer,
  type ProcedureInput,
  type ProcedureName,
  type ProcedureOutput,
} from '@coinlens/contract';

import { SESSION_REDIRECT_DELAY_MS } from '@/config/app';

/** Session codes (decision D18): 1000 session over → login; 1003 token failed → refresh once. */
export const SESSION_EXPIRED_CODE: number = ErrorCode.SessionExpired;
export const TOKEN_INVALID_CODE: number = ErrorCode.TokenInvalid;
const PARAMETER_INVALID_CODE: number = ErrorCode.ParameterInvalid;

/** Renews the access token; resolves true when the session was renewed. Pluggable (the accounts issue). */
export type SessionRefresher = () => Promise<boolean>;

export type GatewayMessage =
  /** The gateway's own `msg`, already in the caller's language. */
  | { key: 'api'; message: string }
  /** A non-200 answer without the gateway's envelope (a proxy's error page): only its status is known. */
  | { key: 'http'; status: number }
  | { key: 'sessionExpired' }
  | { key: 'network' | 'timeout' | 'abort'; message: string };

export interface SessionHeaders {
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  deviceId: string;
  /** The api language (zh, en, vi). */
  language: string;
}

export interface AppGatewayOptions {
  baseUrl?: string;
  appId: string;
  appSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Read on every call, so a refreshed token or a new language applies at once. */
  headers: () => SessionHeaders;
  /** Shows a message to the user (a toast). */
  notify: (message: GatewayMessage) => void;
  /** HTTP 451: the region-restricted screen (decision D20). */
  onAccessLimited: () => void;
  /** The server refused this build's app id or signature (50500 naming `app_id` / `signature`). */
  onAppRefused: () => void;
  /** Runs once per expiry, after the redirect delay: forget the session and open the login page. */
  onSessionExpired: () => void;
  /** Code 1000 on these procedures never redirects (decision D19). Default: the contract's flag. */
  isRedirectExempt?: (procedure: string) => boolean;
  redirectDelayMs?: number;
}

export interface AppGateway {
  /** The typed data of a successful call; throws GatewayError or TransportError after handling them. */
  call<P extends ProcedureName>(
    procedure: P,
    payload: ProcedureInput<P>,
    options?: CallOptions,
  ): Promise<ProcedureOutput<P>>;
  /** The whole answer `{code, msg, data}` (for callers that show `msg` on success). */
  request<P extends ProcedureName>(
    procedure: P,
    payload: ProcedureInput<P>,
    options?: CallOptions,
  ): Promise<GatewayAnswer<ProcedureOutput<P>>>;
  setSessionRefresher: (refresher: SessionRefresher | null) => void;
  /** True while a session-expired redirect is scheduled. */
  readonly redirectPending: boolean;
}

export function contractRedirectExempt(procedure: string): boolean {
  return SESSION_REDIRECT_EXEMPT.includes(procedure);
}

/**
 * The app's gateway: the contract client plus its handling of answers (decisions D18–D20) — toasts for
 * transport failures, the Access Limited screen for 451, single-flight token refresh with one retry for 1003,
 * and the session-expired toast + one delayed login redirect for 1000.
 */
/** The signed envelope itself was refused: a build whose app id or secret this server does not know. */
function isEnvelopeRefusal(answer: GatewayAnswer<unknown>): boolean {
  if (answer.code !== PARAMETER_INVALID_CODE) return false;
  const field = (answer.data as { field?: unknown } | null)?.field;
  return field === 'app_id' || field === 'signature';
}

export function createAppGateway(options: AppGatewayOptions): AppGateway {
  const isRedirectExempt = options.isRedirectExempt ?? contractRedirectExempt;
  const redirectDelayMs = options.redirectDelayMs ?? SESSION_REDIRECT_DELAY_MS;
  let refresher: SessionRefresher | null = null;
  let refreshing: Promise<boolean> | null = null;
  /** Bumped on every successful refresh; a call that started before one can simply retry. */
  let sessionGeneration = 0;
  let redirectPending = false;

  const client = createGatewayClient({
    baseUrl: options.baseUrl ?? '',
    appId: options.appId,
    appSecret: options.appSecret,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    headers: () => {
      const h = options.headers();
      return {
        [GatewayHeader.accessToken]: h.accessToken,
        [GatewayHeader.refreshToken]: h.refreshToken,
        [GatewayHeader.deviceId]: h.deviceId,
        [GatewayHeader.language]: h.language,
      };
    },
  });

  function refreshSession(): Promise<boolean> {
    const current = refresher;
    if (!current) return Promise.resolve(false);
    refreshing ??= current()
      .catch(() => false)
      .then((ok) => {
        if (ok) sessionGeneration += 1;
        return ok;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function expireSession(procedure: string): void {
    if (isRedirectExempt(procedure) || redirectPending) return;
    redirectPending = true;
    options.notify({ key: 'sessionExpired' });
    setTimeout(() => {
      try {
        options.onSessionExpired();
      } finally {
        redirectPending = false;
      }
    }, redirectDelayMs);
  }

  function handleTransportFailure(error: unknown, callOptions: CallOptions | undefined): void {
    if (!(error instanceof TransportError)) return;
    // The caller cancelled on purpose (a query was dropped): nothing to tell the user.
    if (callOptions?.signal?.aborted) return;
    switch (error.kind) {
      case 'http':
        if (error.status === 451) options.onAccessLimited();
        else if (error.code === null) options.notify({ key: 'http', status: error.status });
        else options.notify({ key: 'api', message: error.message });
        return;
      case 'abort':
      case 'network':
      case 'timeout':
        options.notify({ key: error.kind, message: error.message });
        return;
    }
  }

  async function request<P extends ProcedureName>(
    procedure: P,
    payload: ProcedureInput<P>,
    callOptions?: CallOptions,
  ): Promise<GatewayAnswer<ProcedureOutput<P>>> {
    const generation = sessionGeneration;
    let answer: GatewayAnswer<ProcedureOutput<P>>;
    try {
      answer = await client.request(procedure, payload, callOptions);
      if (answer.code === TOKEN_INVALID_CODE) {
        const renewed = sessionGeneration !== generation || (await refreshSession());
        if (renewed) answer = await client.request(procedure, payload, callOptions);
      }
    } catch (error) {
      handleTransportFailure(error, callOptions);
      throw error;
    }
    if (isEnvelopeRefusal(answer)) options.onAppRefused();
    // 1000, or a 1003 that a refresh (and one retry) could not cure: the session is over.
    if (answer.code === SESSION_EXPIRED_CODE || answer.code === TOKEN_INVALID_CODE) expireSession(procedure);
    return answer;
  }

  return {
    request,
    async call(procedure, payload, callOptions) {
      const answer = await request(procedure, payload, callOptions);
      if (answer.code !== 0) throw new GatewayError(answer.code, answer.msg, procedure, answer.data);
      return answer.data;
    },
    setSessionRefresher(next) {
      refresher = next;
    },
    get redirectPending() {
      return redirectPending;
    },
  };
}
