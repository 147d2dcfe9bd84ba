export type MessageHandler = (message: string) => void;

/**
 * Channel messaging between the parts of one process. Several instances do not share it: each one's hub hears the
 * ticks its own snapshot applies, whether ingested here or followed from the leader (scale-out/snapshot-stream.ts).
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class InProcessPubSub implements PubSub {
  private readonly channels = new Map<string, Set<MessageHandler>>();

  publish(channel: string, message: string): Promise<void> {
    for (const handler of this.channels.get(channel) ?? []) handler(message);
    return Promise.resolve();
  }

  subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    const handlers = this.channels.get(channel) ?? new Set<MessageHandler>();
    handlers.add(handler);
    this.channels.set(channel, handlers);
    return Promise.resolve(() => {
      handlers.delete(handler);
      return Promise.resolve();
    });
  }

  close(): Promise<void> {
    this.channels.clear();
    return Promise.resolve();
  }
}

/** The channel ingest announces every completed tick on (the message is the tick time). */
export const MARKET_TICK_CHANNEL = 'market.tick';
