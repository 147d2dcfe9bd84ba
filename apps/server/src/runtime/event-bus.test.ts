import { describe, expect, it, vi } from 'vitest';

import { EventBus } from './event-bus.js';

interface TestEvents {
  'price.changed': { coinId: string; price: number };
  'market.closed': void;
}

function bus() {
  const warn = vi.fn();
  return { events: new EventBus<TestEvents>({ warn }), warn };
}

describe('EventBus', () => {
  it('hands each payload to the handlers of its event, in the order they subscribed', () => {
    const { events } = bus();
    const heard: string[] = [];
    events.on('price.changed', ({ coinId, price }) => void heard.push(`first ${coinId} ${price}`));
    events.on('market.closed', () => void heard.push('closed'));
    events.on('price.changed', ({ coinId }) => void heard.push(`second ${coinId}`));

    events.emit('price.changed', { coinId: 'btc', price: 1 });
    events.emit('market.closed');

    expect(heard).toEqual(['first btc 1', 'second btc', 'closed']);
  });

  it('checks names and payloads at compile time', () => {
    const { events } = bus();
    // @ts-expect-error: the payload lacks the price
    events.emit('price.changed', { coinId: 'btc' });
    // @ts-expect-error: no such event
    events.on('price.dropped', () => undefined);
    expect(() => events.emit('market.closed')).not.toThrow();
  });

  it('logs a handler that throws and still runs the others', () => {
    const { events, warn } = bus();
    const heard: string[] = [];
    const failure = new Error('broken handler');
    events.on('market.closed', () => {
      throw failure;
    });
    events.on('market.closed', () => void heard.push('after'));

    expect(() => events.emit('market.closed')).not.toThrow();

    expect(heard).toEqual(['after']);
    expect(warn).toHaveBeenCalledWith({ err: failure, event: 'market.closed' }, 'event handler failed');
  });

  it('logs a handler whose promise rejects, without holding up the emit', async () => {
    const { events, warn } = bus();
    const failure = new Error('store down');
    const heard: string[] = [];
    events.on('price.changed', async () => {
      await Promise.resolve();
      throw failure;
    });
    events.on('price.changed', () => void heard.push('next'));

    events.emit('price.changed', { coinId: 'eth', price: 2 });

    expect(heard).toEqual(['next']);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith({ err: failure, event: 'price.changed' }, 'event handler failed'),
    );
  });

  it('stops calling a handler once it unsubscribed, and keeps the others', () => {
    const { events } = bus();
    const heard: string[] = [];
    const unsubscribe = events.on('market.closed', () => void heard.push('gone'));
    events.on('market.closed', () => void heard.push('kept'));

    unsubscribe();
    events.emit('market.closed');

    expect(heard).toEqual(['kept']);
  });

  it('lets a handler unsubscribe while the event is being handed out', () => {
    const { events } = bus();
    const heard: string[] = [];
    const unsubscribe = events.on('market.closed', () => {
      heard.push('once');
      unsubscribe();
    });
    events.on('market.closed', () => void heard.push('always'));

    events.emit('market.closed');
    events.emit('market.closed');

    expect(heard).toEqual(['once', 'always', 'always']);
  });
});
