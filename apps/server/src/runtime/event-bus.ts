/** What an event's handler does; a promise it returns is watched for failure, not awaited. */
export type EventHandler<Payload> = (payload: Payload) => void | Promise<void>;

/** An event without a payload is emitted by name alone. */
type PayloadArgs<Payload> = [Payload] extends [void] ? [] : [payload: Payload];

/** Where a failed handler is reported. */
export interface EventFailureLog {
  warn(details: { err: unknown; event: string }, message: string): void;
}

/** The side of a bus a producer sees: it announces, and never learns who listens. */
export interface EventSink<Events> {
  emit<Name extends keyof Events & string>(name: Name, ...payload: PayloadArgs<Events[Name]>): void;
}

/**
 * Typed events between the server's rooms. Handlers run at once, in the order they subscribed; one that
 * throws or rejects is logged and the others still run, so a failing reaction never breaks the producer.
 */
export class EventBus<Events> implements EventSink<Events> {
  private readonly handlers = new Map<keyof Events, Set<EventHandler<never>>>();

  constructor(private readonly log: EventFailureLog) {}

  /** Subscribes `handler` to `name`; the returned function unsubscribes it. */
  on<Name extends keyof Events & string>(name: Name, handler: EventHandler<Events[Name]>): () => void {
    let handlers = this.handlers.get(name);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(name, handlers);
    }
    const subscribed = handlers;
    subscribed.add(handler);
    return () => void subscribed.delete(handler);
  }

  emit<Name extends keyof Events & string>(name: Name, ...payload: PayloadArgs<Events[Name]>): void {
    const handlers = this.handlers.get(name);
    if (!handlers) return;
    for (const handler of [...handlers] as EventHandler<Events[Name]>[]) {
      try {
        // A handler typed to return void may still return a value (TypeScript allows it): only promises are watched.
        const settled: unknown = handler(payload[0] as Events[Name]);
        if (settled instanceof Promise) settled.catch((error: unknown) => this.failed(name, error));
      } catch (error) {
        this.failed(name, error);
      }
    }
  }

  private failed(event: string, error: unknown): void {
    this.log.warn({ err: error, event }, 'event handler failed');
  }
}
