import type { LiveEvent, LiveFrame } from '@coinlens/contract';
import { WebSocket } from 'ws';

/** A `/gwapi/ws` test client that queues frames and lets a test wait for the next one or for the close. */
export class LiveClient {
  private readonly frames: LiveFrame[] = [];
  private waiter: ((frame: LiveFrame) => void) | null = null;
  /** The close code and reason, once the server (or the client) closed the socket. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      // The protocol speaks JSON text: a browser would hand a binary frame over as a Blob.
      if (isBinary) throw new Error('a live frame arrived as a binary frame');
      const frame = JSON.parse(data.toString('utf8')) as LiveFrame;
      if (this.waiter) {
        this.waiter(frame);
        this.waiter = null;
      } else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket; `headers` go on the upgrade request (e.g. a proxy's X-Forwarded-For). */
  static async connect(url: string, headers: Record<string, string> = {}): Promise<LiveClient> {
    // Listening from the start: a frame sent right after the upgrade can arrive with it, before 'open' resolves.
    const client = new LiveClient(new WebSocket(url, { headers }));
    await new Promise((resolve, reject) => client.socket.once('open', resolve).once('error', reject));
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(timeoutMs = 5_000): Promise<LiveFrame> {
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no frame arrived')), timeoutMs);
      this.waiter = (frame) => {
        clearTimeout(timer);
        resolve(frame);
      };
    });
  }

  pending(): number {
    return this.frames.length;
  }

  close(): void {
    this.socket.close();
  }
}

export function eventsOf<T extends LiveEvent['type']>(
  frame: LiveFrame,
  type: T,
): Extract<LiveEvent, { type: T }>[] {
  return frame.events.filter((event): event is Extract<LiveEvent, { type: T }> => event.type === type);
}
