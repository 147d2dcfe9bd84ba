import { describe, expect, it } from 'vitest';

import { CallerCostBudget, callerCostKeys } from './caller-cost-budget.js';
import { TooManyAttempts } from './procedure-failure.js';

const LIMITS = { refillMsPerSecond: 100, burstMs: 500, concurrentCalls: 2 };

/** A budget on a clock the test moves by hand. */
function budgetOnClock(limits = LIMITS) {
  const clock = { now: 1_000_000 };
  return { budget: new CallerCostBudget(limits, () => clock.now), clock };
}

/** Runs one call under `keys` that takes `ms` on the clock. */
async function spend(
  budget: CallerCostBudget,
  clock: { now: number },
  ms: number,
  keys = callerCostKeys(7, '192.0.2.1'),
) {
  const end = await budget.admit(keys);
  clock.now += ms;
  end();
}

async function refusal(admitted: Promise<unknown>): Promise<TooManyAttempts> {
  const error = await admitted.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TooManyAttempts)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('CallerCostBudget', () => {
  it('admits calls until their time has spent the burst, then refuses with when the budget is back', async () => {
    const { budget, clock } = budgetOnClock();
    await spend(budget, clock, 300);
    await spend(budget, clock, 300);
    // 500 + 60 regained − 600 spent = −40 ms: 0.4 s of refill before the next call.
    const refused = await refusal(budget.admit(callerCostKeys(7, '192.0.2.1')));
    expect(refused.retryAfterSeconds).toBe(1);
    clock.now += 1_000;
    await spend(budget, clock, 10);
  });

  it('charges nothing for a call that failed on our side (a database timing out), however long it waited', async () => {
    const { budget, clock } = budgetOnClock();
    for (let call = 0; call < 5; call++) {
      const end = await budget.admit(callerCostKeys(7, '192.0.2.1'));
      clock.now += 3_000;
      end(false);
    }
    await spend(budget, clock, 400);
    await expect(budget.admit(callerCostKeys(7, '192.0.2.1'))).resolves.toBeTypeOf('function');
  });

  it('holds a sustained caller to its refill rate: 10 s of 50 ms calls is about 1 s of budget, not 10 s', async () => {
    const { budget, clock } = budgetOnClock();
    let admitted = 0;
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        await spend(budget, clock, 50);
        admitted++;
      } catch (error) {
        if (!(error instanceof TooManyAttempts)) throw error;
        clock.now += 50;
      }
    }
    // 200 attempts of 50 ms each = 10 s: the 500 ms burst plus about 100 ms a second.
    expect(admitted * 50).toBeLessThanOrEqual(500 + 100 * 10 + 50);
    expect(admitted * 50).toBeGreaterThanOrEqual(100 * 10);
  });

  it('charges at least a millisecond a call, so free-looking calls still spend the budget', async () => {
    const { budget, clock } = budgetOnClock({ ...LIMITS, burstMs: 3 });
    for (let call = 0; call < 3; call++) await spend(budget, clock, 0);
    await refusal(budget.admit(callerCostKeys(7, '192.0.2.1')));
  });

  it('keeps each caller to its own budget: one account spent does not refuse another or a visitor', async () => {
    const { budget, clock } = budgetOnClock();
    await spend(budget, clock, 600, callerCostKeys(1, '192.0.2.1'));
    await refusal(budget.admit(callerCostKeys(1, '192.0.2.1')));
    await spend(budget, clock, 10, callerCostKeys(2, '192.0.2.1'));
    await spend(budget, clock, 10, callerCostKeys(null, '192.0.2.1'));
  });

  it('lets a caller run its concurrent calls, queues the next ones and refuses past the queue', async () => {
    const { budget } = budgetOnClock({ ...LIMITS, concurrentCalls: 1 });
    const keys = callerCostKeys(7, '192.0.2.1');
    const first = await budget.admit(keys);
    const queued = Array.from({ length: 4 }, () => budget.admit(keys));
    await refusal(budget.admit(keys));
    let started = 0;
    for (const waiting of queued) void waiting.then(() => started++);
    await Promise.resolve();
    expect(started).toBe(0);
    first();
    const second = await queued[0]!;
    expect(started).toBe(1);
    second();
    for (const waiting of queued.slice(1)) (await waiting)();
    expect(started).toBe(4);
  });

  it('counts a visitor under its IPv6 /56 too: a fresh /64 per call meets the /56 budget (4 × a /64)', async () => {
    const { budget, clock } = budgetOnClock();
    let admitted = 0;
    // 64 /64s of 2001:db8:5::/56, a 500 ms call from each: each /64 alone would admit every one of them.
    for (let network = 0; network < 64; network++) {
      try {
        await spend(budget, clock, 500, callerCostKeys(null, `2001:db8:5:${network.toString(16)}::1`));
        admitted++;
      } catch (error) {
        if (!(error instanceof TooManyAttempts)) throw error;
      }
    }
    // The /56: 2,000 ms of burst, less 300 ms a call (500 spent, 200 regained; full at the first): 6 calls.
    expect(admitted).toBe(6);
    // Another /56 of the same /48 still has its own budget (the /48 holds 16).
    await spend(budget, clock, 500, callerCostKeys(null, '2001:db8:5:100::1'));
  });

  it('forgets idle callers once many have come and gone', async () => {
    const { budget, clock } = budgetOnClock();
    for (let caller = 0; caller < 25_000; caller++) {
      await spend(budget, clock, 1, callerCostKeys(caller, '-'));
      clock.now += 20;
    }
    expect(budget.size).toBeLessThan(25_000);
  });
});
