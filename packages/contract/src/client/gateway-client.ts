import { NETWORK_TIMEOUT_MS, procedurePath } from '../gateway/protocol.js';
import type { GatewayAnswer } from '../gateway/protocol.js';
import { signPayload } from '../gateway/signature.js';
import type { ProcedureInput, ProcedureName, ProcedureOutput } from '../procedures/procedure-map.js';
import { GatewayError, TransportError } from './gateway-errors.js';

export interface GatewayClientOptions {
  /** Origin (and optional path prefix) of the server, e.g. `http://localhost:8080` or `` for same-origin. */
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** Headers added to every call (tokens, device id, language); read at call time. */
  headers?: () => Record<string, string | undefined>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

export interface GatewayClient {
  /** The whole answer, for callers that show `msg` on success (follow/unfollow, settings). */
  request<P extends ProcedureName>(
    procedure: P,
    payload: ProcedureInput<P>,
    options?: CallOptions,
  ): Promise<GatewayAnswer<ProcedureOutput<P>>>;
  /** The typed `data` of a successful call; throws GatewayError or TransportError otherwise. */
  call<P extends ProcedureName>(
    procedure: P,
    payload: ProcedureInput<P>,
    options?: CallOptions,
  ): Promise<ProcedureOutput<P>>;
}

function compactHeaders(
  ...sources: (Record<string, string | undefined> | undefined)[]
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source ?? {}))
      if (value !== undefined && value !== '') headers[key] = value;
  }
  return headers;
}

function isGatewayAnswer(value: unknown): value is GatewayAnswer {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

async function readAnswer(response: Response): Promise<GatewayAnswer | null> {
  try {
    const body: unknown = await response.json();
    return isGatewayAnswer(body) ? body : null;
  } catch {
    return null;
  }
}

function classifyFailure(error: unknown, timeoutSignal: AbortSignal, procedure: string): TransportError {
  if (timeoutSignal.aborted) return new TransportError('timeout', 'Request timed out', procedure);
  if (error instanceof Error && error.name === 'AbortError')
    return new TransportError('abort', 'Request aborted', procedure);
  const message = error instanceof Error ? error.message : String(error);
  return new TransportError('network', message || 'Network error', procedure);
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? NETWORK_TIMEOUT_MS;
  const now = options.now ?? Date.now;

  async function request<P extends ProcedureName>(
    procedure: P,
    payload: ProcedureInput<P>,
    callOptions: CallOptions = {},
  ): Promise<GatewayAnswer<ProcedureOutput<P>>> {
    const envelope = signPayload(payload, {
      appId: options.appId,
      appSecret: options.appSecret,
      timestamp: Math.floor(now() / 1000),
    });
    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([timeoutSignal, callOptions.signal]) : timeoutSignal;
    let response: Response;
    try {
      response = await fetchImpl(options.baseUrl + procedurePath(procedure), {
        method: 'POST',
        headers: compactHeaders(
          { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
          options.headers?.(),
          callOptions.headers,
        ),
        body: new URLSearchParams({ ...envelope }).toString(),
        signal,
      });
    } catch (error) {
      throw classifyFailure(error, timeoutSignal, procedure);
    }
    const answer = await readAnswer(response).catch(() => null);
    if (response.status !== 200) {
      const retryAfter = Number(response.headers.get('Retry-After'));
      throw new TransportError(
        'http',
        answer?.msg ?? response.statusText ?? `HTTP ${response.status}`,
        procedure,
        response.status,
        answer?.code ?? null,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    if (!answer) throw new TransportError('http', 'Malformed gateway answer', procedure, response.status);
    return answer as GatewayAnswer<ProcedureOutput<P>>;
  }

  return {
    request,
    async call(procedure, payload, callOptions) {
      const answer = await request(procedure, payload, callOptions);
      if (answer.code !== 0) throw new GatewayError(answer.code, answer.msg, procedure, answer.data);
      return answer.data;
    },
  };
}
