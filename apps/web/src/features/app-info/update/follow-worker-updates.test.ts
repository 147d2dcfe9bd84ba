import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { checkForWorkerUpdate, followWorkerUpdates, RESTART_DELAY_MS } from './follow-worker-updates';
import { updateStage } from './update-stage';
import { resetWorkerUpdates, useWorkerUpdateStore } from './worker-update-store';

const registered: { registration: unknown } = vi.hoisted(() => ({ registration: null }));
vi.mock('@/lib/offline/service-worker-registration', () => ({
  registerServiceWorker: () => Promise.resolve(registered.registration),
}));

/** A service worker whose state the test moves, as the browser would. */
class FakeWorker extends EventTarget {
  readonly posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** What the next `update()` does, as the browser's update job would. */
  onUpdate: () => void = () => {};
  update() {
    this.onUpdate();
    return Promise.resolve(this);
  }
  startInstalling(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
  startMessages() {}
  message(source: FakeWorker, data: unknown) {
    const event = new MessageEvent('message', { data });
    Object.defineProperty(event, 'source', { value: source });
    this.dispatchEvent(event);
  }
  takeControl(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function stage() {
  return updateStage({ ...useWorkerUpdateStore.getState(), announced: false });
}

function follow(registration: FakeRegistration, container: FakeContainer, restart = vi.fn()) {
  const stop = followWorkerUpdates(
    registration as unknown as ServiceWorkerRegistration,
    container as unknown as ServiceWorkerContainer,
    restart,
  );
  return { stop, restart };
}

describe('following the service worker lifecycle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetWorkerUpdates();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('maps a new version from installing to the restart on the new one', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(new FakeWorker('activated'));
    const { restart } = follow(registration, container);
    const next = new FakeWorker('installing');
    registration.startInstalling(next);
    expect(stage()).toBe('found');
    container.message(next, { kind: 'coinlens-update-progress', done: 10, total: 40 });
    expect(stage()).toBe('downloading');
    expect(useWorkerUpdateStore.getState().progress).toEqual({ done: 10, total: 40 });
    registration.installing = null;
    registration.waiting = next;
    next.moveTo('installed');
    expect(stage()).toBe('downloaded');
    useWorkerUpdateStore.getState().userAccepted();
    expect(stage()).toBe('installing');
    next.moveTo('activating');
    expect(stage()).toBe('installing');
    container.takeControl(next);
    expect(stage()).toBe('installed');
    expect(restart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(RESTART_DELAY_MS);
    expect(restart).toHaveBeenCalledOnce();
  });

  it('ignores the very first install (nothing controlled the page before)', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(null);
    const { restart } = follow(registration, container);
    const first = new FakeWorker('installing');
    registration.startInstalling(first);
    container.message(first, { kind: 'coinlens-update-progress', done: 10, total: 40 });
    first.moveTo('activated');
    container.takeControl(first);
    expect(stage()).toBe('idle');
    vi.advanceTimersByTime(RESTART_DELAY_MS);
    expect(restart).not.toHaveBeenCalled();
  });

  it('fails when the new worker turns redundant while installing', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(new FakeWorker('activated'));
    follow(registration, container);
    const broken = new FakeWorker('installing');
    registration.startInstalling(broken);
    broken.moveTo('redundant');
    expect(stage()).toBe('failed');
    // A retry's new worker starts the walk again.
    registration.startInstalling(new FakeWorker('installing'));
    expect(stage()).toBe('found');
  });

  it('fails when the new worker is already gone by the turn its updatefound is handled', () => {
    const registration = new FakeRegistration();
    follow(registration, new FakeContainer(new FakeWorker('activated')));
    // The install threw at once: the browser let go of the worker before the page ran its handler.
    registration.dispatchEvent(new Event('updatefound'));
    expect(stage()).toBe('failed');
  });

  it('catches up after a check with a new worker whose updatefound it did not see', async () => {
    const registration = new FakeRegistration();
    registered.registration = registration;
    follow(registration, new FakeContainer(new FakeWorker('activated')));
    const next = new FakeWorker('installing');
    registration.onUpdate = () => (registration.installing = next);
    expect(await checkForWorkerUpdate()).toBe(true);
    expect(stage()).toBe('found');
    next.moveTo('redundant');
    expect(stage()).toBe('failed');
  });

  it('checks once more after a check in flight, for every call made meanwhile', async () => {
    const registration = new FakeRegistration();
    registered.registration = registration;
    const releases: (() => void)[] = [];
    let checks = 0;
    registration.update = () => {
      checks++;
      return new Promise((resolve) => releases.push(() => resolve(registration)));
    };
    const first = checkForWorkerUpdate();
    await vi.waitFor(() => expect(checks).toBe(1));
    const second = checkForWorkerUpdate();
    const third = checkForWorkerUpdate({ userAsked: true });
    releases.shift()!();
    await first;
    await vi.waitFor(() => expect(checks).toBe(2));
    releases.shift()!();
    expect(await second).toBe(false);
    expect(await third).toBe(false);
    expect(checks).toBe(2);
  });

  it('picks up a version that finished downloading before the page started', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    follow(registration, new FakeContainer(new FakeWorker('activated')));
    expect(stage()).toBe('downloaded');
  });

  it('does not restart a tab that did not accept; progress from another worker is ignored', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(new FakeWorker('activated'));
    const { restart } = follow(registration, container);
    const next = new FakeWorker('installing');
    registration.startInstalling(next);
    container.message(new FakeWorker('installing'), { kind: 'coinlens-update-progress', done: 1, total: 2 });
    expect(stage()).toBe('found');
    next.moveTo('activated');
    container.takeControl(next);
    expect(stage()).toBe('installed');
    vi.advanceTimersByTime(RESTART_DELAY_MS);
    expect(restart).not.toHaveBeenCalled();
  });

  it('stops following when asked', () => {
    const registration = new FakeRegistration();
    const { stop } = follow(registration, new FakeContainer(new FakeWorker('activated')));
    stop();
    registration.startInstalling(new FakeWorker('installing'));
    expect(stage()).toBe('idle');
  });
});
