/**
 * What every outage test asserts of a call made during a fault: it answered (HTTP 200, a catalogue code) and
 * it did so within a bound worked out from the configured timeouts.
 */
import { isErrorCode } from '@coinlens/contract';
import type { GatewayAnswer } from '@coinlens/contract';
import { expect } from 'vitest';

import type { FaultMode } from '../support/fault-proxy.js';

/** The three faults of every source; latency is set well past the source's own timeout. */
export function faultsBeyond(timeoutMs: number): readonly FaultMode[] {
  return [{ kind: 'latency', ms: timeoutMs * 4 }, { kind: 'reset' }, { kind: 'blackhole' }];
}

export function describeFault(mode: FaultMode): string {
  return mode.kind === 'latency' ? `latency ${mode.ms} ms` : mode.kind;
}

/** Runs `call` and answers its answer and how long it took. */
export async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

/**
 * The call answered a catalogue code within `boundMs`. The gateway client throws on any status but 200 and on
 * its own 60 s timeout (NETWORK_TIMEOUT_MS), so a 5xx or a hang fails the test either way.
 */
export async function expectAnswerWithin<A extends Pick<GatewayAnswer<unknown>, 'code'>>(
  boundMs: number,
  call: () => Promise<A>,
): Promise<A> {
  const { answer, ms } = await timed(call);
  expect(isErrorCode(answer.code), `code ${answer.code} is in the catalogue`).toBe(true);
  expect(ms, `answered in ${Math.round(ms)} ms`).toBeLessThan(boundMs);
  return answer;
}
