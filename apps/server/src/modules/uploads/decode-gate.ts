/** Thrown when the gate's queue is full: the caller is told to come back shortly ("too frequent"). */
export class GateFull extends Error {
  override readonly name = 'GateFull';
}

/**
 * Bounds how many image decodes run at once and how many may wait. Decoding is the one step whose cost the
 * caller controls (pixels, bit depth), so unbounded parallel uploads would starve logins and the market of
 * the thread pool and memory; beyond the queue an upload is refused at once instead of piling up.
 */
export class DecodeGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting) throw new GateFull('image decoding is busy');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` never dips below the limit while some wait.
      if (next) next();
      else this.running--;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
