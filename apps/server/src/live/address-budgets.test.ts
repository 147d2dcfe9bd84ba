import { describe, expect, it } from 'vitest';

import { AddressBudgets } from './address-budgets.js';

describe('AddressBudgets', () => {
  it('shares one coin budget between the sockets of an address, and gives a leaving socket’s coins back', () => {
    const budgets = new AddressBudgets({ coins: 100, bytesPerSecond: 1_000 }, () => 0);
    const first = budgets.join('203.0.113.1');
    const second = budgets.join('203.0.113.1');
    expect(first).toBe(second);
    expect(first.resizeCoins(0, 60)).toBe(true);
    expect(second.resizeCoins(0, 50)).toBe(false);
    expect(second.resizeCoins(0, 40)).toBe(true);
    // Shrinking always passes, even when the limit is met.
    expect(first.resizeCoins(60, 10)).toBe(true);
    budgets.leave(first, 10);
    expect(second.resizeCoins(40, 100)).toBe(true);
    expect(budgets.join('203.0.113.2').resizeCoins(0, 100)).toBe(true);
  });

  it('keeps a budget that owes bytes after its last socket left, so reconnecting does not wipe the debt', () => {
    let clock = 0;
    const budgets = new AddressBudgets({ coins: 100, bytesPerSecond: 1_000 }, () => clock);
    const budget = budgets.join('203.0.113.1');
    // The burst is 4 s of the rate; a frame is charged whole, into debt.
    budget.bytes.charge(10_000);
    expect(budget.bytes.hasTokens()).toBe(false);
    budgets.leave(budget, 0);
    budgets.sweep();
    expect(budgets.join('203.0.113.1')).toBe(budget);
    expect(budget.bytes.hasTokens()).toBe(false);

    clock += 6_001;
    expect(budget.bytes.hasTokens()).toBe(true);
    budgets.leave(budget, 0);
    budgets.sweep();
    expect(budgets.size).toBe(1);
    clock += 4_000;
    budgets.sweep();
    expect(budgets.size).toBe(0);
  });
});
