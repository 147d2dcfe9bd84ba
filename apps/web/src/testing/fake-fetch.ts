import type { GatewayAnswer } from '@coinlens/contract';

export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
  body: URLSearchParams;
  /** The decoded `data` field of the signed envelope. */
  payload: unknown;
}

export type FakeReply =
  | GatewayAnswer
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | Error
  | Promise<GatewayAnswer>;

export type FakeHandler = (request: RecordedRequest, index: number) => FakeReply;

function isStatusReply(
  reply: FakeReply,
): reply is { status: number; body?: unknown; headers?: Record<string, string> } {
  return typeof reply === 'object' && 'status' in reply && !('code' in reply);
}

/** A `fetch` for the gateway client: records every call and answers from `handler`. */
export function createFakeFetch(handler: FakeHandler) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const request: RecordedRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers,
      body,
      payload: JSON.parse(body.get('data') ?? 'null'),
    };
    requests.push(request);
    // (An Error named AbortError, as browsers throw: jsdom's DOMException is not an Error of this realm.)
    if (init?.signal?.aborted)
      throw Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    const reply = await handler(request, requests.length - 1);
    if (reply instanceof Error) throw reply;
    if (isStatusReply(reply)) {
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status,
        headers: reply.headers,
      });
    }
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch: fetchImpl, requests };
}

export const ok = <T>(data: T): GatewayAnswer<T> => ({ code: 0, msg: 'success', data });
export const fail = (code: number, msg = `code ${code}`): GatewayAnswer<null> => ({ code, msg, data: null });

/** A promise with its resolve exposed, to order concurrent calls in tests. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
