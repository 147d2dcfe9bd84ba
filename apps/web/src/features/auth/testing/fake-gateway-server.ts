import { createFakeFetch, ok, type FakeHandler, type RecordedRequest } from '@/testing/fake-fetch';

export interface FakeGatewayServer {
  /** Answers every call; replace it in a test. */
  handler: FakeHandler;
  /** The calls since the last `reset`. */
  readonly requests: RecordedRequest[];
  /** Forgets the calls and answers `ok({})` again (call it in `beforeEach`). */
  reset(): void;
}

/** `user_msrv/login` of a recorded call to `/gwapi/v1/user_msrv/login`. */
export function procedureOf(request: RecordedRequest | undefined): string | undefined {
  return request?.url.replace('/gwapi/v1/', '');
}

/**
 * Routes the app gateway singleton's `fetch` to a fake server. The singleton binds `fetch` when it is created, so
 * this must run before anything imports it: `const server = await vi.hoisted(async () => (await import(
 * '…/fake-gateway-server')).installFakeGatewayServer());`
 */
export function installFakeGatewayServer(): FakeGatewayServer {
  let handler: FakeHandler = () => ok({});
  let fake = createFakeFetch((request, index) => handler(request, index));
  globalThis.fetch = (input, init) => fake.fetch(input, init);
  return {
    get handler() {
      return handler;
    },
    set handler(next) {
      handler = next;
    },
    get requests() {
      return fake.requests;
    },
    reset() {
      handler = () => ok({});
      fake = createFakeFetch((request, index) => handler(request, index));
    },
  };
}
