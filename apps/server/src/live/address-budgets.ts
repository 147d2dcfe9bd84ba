import { TokenBucket } from './token-bucket.js';

/** What the live sockets of one caller address may hold and be sent, in this process. */
export interface AddressLimits {
  /** Open sockets (counted across instances by the shared `ConcurrencyLimiter`). */
  connections: number;
  /** Coins watched at once by all the address's sockets, a list page counting its page size (topics × coins). */
  coins: number;
  /** Bytes a second sent to all the address's sockets, on average. */
  bytesPerSecond: number;
}

/** Seconds of the byte rate an address may receive at once: a reconnect's snapshots go out in one go. */
const BYTE_BURST_SECONDS = 4;

/** The coins and bytes one caller address's sockets share. */
export class AddressBudget {
  /** Sockets of the address using this budget. */
  holders = 0;
  private coinsHeld = 0;
  /** Charged with every frame sent; while in debt the address's ticks and new snapshots wait. */
  readonly bytes: TokenBucket;

  constructor(
    private readonly coinLimit: number,
    bytesPerSecond: number,
    now: () => number,
  ) {
    this.bytes = new TokenBucket(bytesPerSecond * BYTE_BURST_SECONDS, bytesPerSecond, now);
  }

  /** Moves one socket's share from `from` to `to` coins; refuses (and changes nothing) past the limit. */
  resizeCoins(from: number, to: number): boolean {
    const next = this.coinsHeld - from + to;
    if (to > from && next > this.coinLimit) return false;
    this.coinsHeld = next;
    return true;
  }
}

/**
 * The per-address budgets of this process's live sockets, keyed by address key. A budget whose sockets all
 * closed is kept until its byte bucket is full again, so closing every socket and reconnecting does not
 * wipe out a debt; `sweep` then drops it.
 */
export class AddressBudgets {
  private readonly byAddress = new Map<string, AddressBudget>();

  constructor(
    private readonly limits: Pick<AddressLimits, 'coins' | 'bytesPerSecond'>,
    private readonly now: () => number,
  ) {}

  join(key: string): AddressBudget {
    let budget = this.byAddress.get(key);
    if (!budget) {
      budget = new AddressBudget(this.limits.coins, this.limits.bytesPerSecond, this.now);
      this.byAddress.set(key, budget);
    }
    budget.holders += 1;
    return budget;
  }

  /** Gives back a socket's place and its coins. */
  leave(budget: AddressBudget, coinsHeld: number): void {
    budget.holders -= 1;
    budget.resizeCoins(coinsHeld, 0);
  }

  /** Drops the budgets no socket uses any more and that owe nothing. */
  sweep(): void {
    for (const [key, budget] of this.byAddress)
      if (budget.holders === 0 && budget.bytes.isFull()) this.byAddress.delete(key);
  }

  /** Budgets kept, in use or still owing (tests, metrics). */
  get size(): number {
    return this.byAddress.size;
  }
}
