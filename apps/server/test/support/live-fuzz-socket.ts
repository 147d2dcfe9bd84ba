import { WebSocket } from 'ws';

import type { FuzzFrame } from './live-frame-arbitraries.js';

/** What the server sent back, as it arrived. */
export interface ReceivedMessage {
  data: Buffer;
  isBinary: boolean;
}

export interface SocketClose {
  code: number;
  reason: string;
}

/** How long the server may take to answer a WebSocket ping before the socket counts as hung. */
const PONG_TIMEOUT_MS = 10_000;

/**
 * A client that puts fuzzed frames on the wire and keeps everything the server did in return: its messages
 * and how it closed. It never judges them; the test does.
 */
export class LiveFuzzSocket {
  readonly received: ReceivedMessage[] = [];
  /** Frames written to the socket while it was open. */
  sentFrames = 0;
  closed: SocketClose | null = null;
  private readonly closedPromise: Promise<SocketClose>;
  private taken = 0;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary: boolean) => this.received.push({ data, isBinary }));
    // A write racing the server's close may fail (EPIPE, ECONNRESET): the close code says what happened.
    socket.on('error', () => undefined);
    this.closedPromise = new Promise((resolve) =>
      socket.once('close', (code: number, reason: Buffer) => {
        this.closed = { code, reason: reason.toString('utf8') };
        resolve(this.closed);
      }),
    );
  }

  /** Opens a socket, or says why the server refused the upgrade. */
  static connect(url: string): Promise<LiveFuzzSocket> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new LiveFuzzSocket(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused with HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  /** The messages received since the last call, so each is looked at once, late ones included. */
  takeNew(): ReceivedMessage[] {
    const fresh = this.received.slice(this.taken);
    this.taken = this.received.length;
    return fresh;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Writes the frames back to back (a burst); resolves with how many were written while the socket was open. */
  async sendBurst(frames: readonly FuzzFrame[]): Promise<number> {
    const writes: Promise<boolean>[] = [];
    for (const frame of frames) {
      if (!this.isOpen) break;
      writes.push(...this.write(frame));
    }
    const results = await Promise.all(writes);
    const written = results.filter(Boolean).length;
    this.sentFrames += written;
    return written;
  }

  /**
   * Waits until the server has read everything sent so far: it answers a WebSocket ping only after the frames
   * before it. Resolves false when the socket closed instead; throws when the server stays silent.
   */
  async settle(): Promise<boolean> {
    if (!this.isOpen) return false;
    const pong = new Promise<boolean>((resolve) => this.socket.once('pong', () => resolve(true)));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no pong within ${PONG_TIMEOUT_MS} ms`)), PONG_TIMEOUT_MS);
    });
    this.socket.ping();
    try {
      const answered = await Promise.race([pong, this.closedPromise.then(() => false), timeout]);
      // Messages that arrived in the same read as the pong are handed over before this turn ends.
      await new Promise((resolve) => setImmediate(resolve));
      return answered;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes from this side (1000) unless the server already did; resolves once the socket is closed. */
  async close(): Promise<SocketClose> {
    if (this.isOpen) this.socket.close(1000);
    return this.closedPromise;
  }

  /** Resolves when the server (or this side) has closed the socket. */
  whenClosed(): Promise<SocketClose> {
    return this.closedPromise;
  }

  /** One promise per frame written, true when the write succeeded. */
  private write(frame: FuzzFrame): Promise<boolean>[] {
    const sent = (data: string | Uint8Array, options: { binary: boolean; fin: boolean }) =>
      new Promise<boolean>((resolve) => this.socket.send(data, options, (error) => resolve(!error)));
    switch (frame.kind) {
      case 'text':
        return [sent(frame.text, { binary: false, fin: true })];
      case 'binary':
        return [sent(frame.bytes, { binary: true, fin: true })];
      case 'invalid-utf8':
        return [sent(frame.bytes, { binary: false, fin: true })];
      case 'fragmented': {
        // One message, so one frame counted: its parts succeed or fail together.
        const parts = frame.parts.map((part, index) =>
          sent(part, { binary: false, fin: index === frame.parts.length - 1 }),
        );
        return [Promise.all(parts).then((results) => results.every(Boolean))];
      }
    }
  }
}
