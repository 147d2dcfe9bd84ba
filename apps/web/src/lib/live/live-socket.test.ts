import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { LiveSocket, reconnectDelayMs } from './live-socket';

class FakeSocket {
  static readonly instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

function newSocket(onFrame = vi.fn()) {
  return new LiveSocket({
    url: 'ws://test/gwapi/ws',
    onFrame,
    settleMs: 10,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
}

describe('the live socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', { OPEN: 1 });
    FakeSocket.instances.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('backs off from 1 s doubling to 30 s with bounded jitter', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(1000);
    expect(reconnectDelayMs(3, () => 0)).toBe(8000);
    expect(reconnectDelayMs(10, () => 0)).toBe(30_000);
    expect(reconnectDelayMs(10, () => 1)).toBe(39_000);
  });

  it('connects only while topics are wanted and subscribes them in the currency', () => {
    const live = newSocket();
    live.setCurrency('eur');
    vi.advanceTimersByTime(20);
    expect(FakeSocket.instances).toHaveLength(0);
    const release = live.retain(['coin:bitcoin', 'global']);
    vi.advanceTimersByTime(20);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ op: 'subscribe', topics: ['coin:bitcoin', 'global'], currency: 'eur' }]);
    release();
    vi.advanceTimersByTime(20);
    expect(socket.readyState).toBe(3);
  });

  it('reference-counts topics and unsubscribes the last release only', () => {
    const live = newSocket();
    const first = live.retain(['coin:bitcoin']);
    const second = live.retain(['coin:bitcoin', 'coin:ethereum']);
    vi.advanceTimersByTime(20);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    second();
    vi.advanceTimersByTime(20);
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', topics: ['coin:ethereum'] });
    first();
  });

  it('reconnects after a drop and subscribes every wanted topic again', () => {
    const live = newSocket();
    live.retain(['coin:bitcoin']);
    vi.advanceTimersByTime(20);
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.drop();
    vi.advanceTimersByTime(1400);
    const again = FakeSocket.instances[1]!;
    expect(again).toBeDefined();
    again.open();
    expect(again.sent).toEqual([{ op: 'subscribe', topics: ['coin:bitcoin'], currency: 'usd' }]);
  });

  it('hands parsed frames to the listener and drops garbage', () => {
    const onFrame = vi.fn();
    const live = newSocket(onFrame);
    live.retain(['global']);
    vi.advanceTimersByTime(20);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.onmessage?.({ data: '{"t":1,"events":[{"type":"heartbeat"}]}' });
    socket.onmessage?.({ data: 'not json' });
    expect(onFrame).toHaveBeenCalledTimes(1);
    expect(onFrame).toHaveBeenCalledWith({ t: 1, events: [{ type: 'heartbeat' }] });
  });
});
