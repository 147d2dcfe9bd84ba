import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

import type { MarketSnapshot } from '../market-store/market-snapshot.js';
import type { MarketReadiness } from '../market-store/market-readiness.js';
import type { EncodedSnapshot, SnapshotEncoder } from './snapshot-codec.js';
import { applySnapshotMessage } from './snapshot-codec.js';
import { fromWire, toWire } from './snapshot-wire.js';

/** Where the stream lives in Redis. */
export interface SnapshotStreamKeys {
  /** The channel every message is published on. */
  channel: string;
  /** The last full message, for instances that join or lost messages. */
  full: string;
  /** The sequence counter: one number per message, continued by whichever instance leads. */
  sequence: string;
}

export function snapshotStreamKeys(prefix: string): SnapshotStreamKeys {
  return {
    channel: `${prefix}market:stream`,
    full: `${prefix}market:full`,
    sequence: `${prefix}market:sequence`,
  };
}

/** A full copy is sent at least this often, so a follower's venues never lag for long after a lost message. */
export const FULL_SNAPSHOT_EVERY_MS = 30_000;

/**
 * The leader's side: after every tick, the tick's figures (and whatever ingest replaced) go to every instance.
 * A message that carries more than the tick is sent whole and kept as the full copy.
 */
export class SnapshotPublisher {
  private lastFullAt = Number.NEGATIVE_INFINITY;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly keys: SnapshotStreamKeys,
    private readonly encoder: SnapshotEncoder,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /** Queues the current state; messages leave in order, one at a time. */
  publish(): Promise<void> {
    this.sending = this.sending
      .then(() => this.send())
      .catch((error: unknown) => {
        // The next message goes out whole: followers may have missed this one's changes.
        this.lastFullAt = Number.NEGATIVE_INFINITY;
        this.log.warn({ err: error }, 'market snapshot not published (redis unavailable)');
      });
    return this.sending;
  }

  private async send(): Promise<void> {
    const now = this.now();
    let encoded = this.encoder.encode(now - this.lastFullAt >= FULL_SNAPSHOT_EVERY_MS);
    if (!encoded.message.full && encoded.message.slowChanged) encoded = this.encoder.encode(true);
    const sequence = await this.redis.incr(this.keys.sequence);
    const payload = toWire(sequence, encoded);
    if (encoded.message.full) {
      await this.redis.set(this.keys.full, payload);
      this.lastFullAt = now;
    }
    await this.redis.publish(this.keys.channel, payload);
  }
}

/**
 * A follower's side: one subscription per process applies the leader's messages to the local snapshot, in
 * order. A gap in the sequence, a first message or a reconnect loads the full copy first.
 */
export class SnapshotFollower {
  private lastSequence: number | null = null;
  private applying: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly onMessage = (channel: Buffer, payload: Buffer) => {
    if (channel.toString() !== this.keys.channel) return;
    this.enqueue(() => this.receive(payload));
  };
  /**
   * After a reconnect messages may have been lost, and a restarted Redis counts from 1 again: forget the
   * sequence and start from the full copy (it holds every slow change; tick figures catch up with the next tick).
   */
  private readonly onReady = () => {
    this.lastSequence = null;
    this.enqueue(() => this.resynchronise());
  };

  constructor(
    private readonly subscriber: Redis,
    private readonly reader: Redis,
    private readonly keys: SnapshotStreamKeys,
    private readonly snapshot: MarketSnapshot,
    private readonly applied: (readiness: MarketReadiness) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Subscribes, then loads the full copy (if the leader has written one yet). */
  async start(): Promise<void> {
    this.subscriber.on('messageBuffer', this.onMessage);
    this.subscriber.on('ready', this.onReady);
    await this.subscriber.subscribe(this.keys.channel);
    this.enqueue(() => this.resynchronise());
    await this.applying;
  }

  /** Stops applying (this instance became the leader, or is shutting down). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.subscriber.off('messageBuffer', this.onMessage);
    this.subscriber.off('ready', this.onReady);
    await this.subscriber.unsubscribe(this.keys.channel).catch(() => undefined);
    await this.applying;
  }

  private enqueue(work: () => Promise<void>): void {
    this.applying = this.applying
      .then(() => (this.stopped ? undefined : work()))
      .catch((error: unknown) => {
        this.lastSequence = null;
        this.log.warn({ err: error }, 'market snapshot message not applied; resynchronising');
      });
  }

  private async receive(payload: Buffer): Promise<void> {
    const { sequence, encoded } = fromWire(payload);
    const { message } = encoded;
    // A full message is the leader's whole state: applied whatever came before (its sequence may restart).
    if (!message.full && this.lastSequence !== null && sequence <= this.lastSequence) return;
    if (!message.full && (this.lastSequence === null || sequence !== this.lastSequence + 1)) {
      await this.resynchronise();
      if (this.lastSequence !== null && sequence <= this.lastSequence) return;
    }
    this.apply(sequence, encoded);
  }

  private async resynchronise(): Promise<void> {
    const payload = await this.reader.getBuffer(this.keys.full);
    if (payload === null) return;
    const { sequence, encoded } = fromWire(payload);
    if (this.lastSequence !== null && sequence <= this.lastSequence) return;
    this.apply(sequence, encoded);
  }

  private apply(sequence: number, encoded: EncodedSnapshot): void {
    if (this.stopped) return;
    this.lastSequence = sequence;
    this.applied(applySnapshotMessage(this.snapshot, encoded));
  }
}
