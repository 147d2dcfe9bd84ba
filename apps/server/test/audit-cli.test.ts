import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { auditTape } from './support/audit-tapes.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function audit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'audit', '--', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run audit', () => {
  it('prints one JSON document per run, and a table without --json', async () => {
    const root = mkdtempSync(join(tmpdir(), 'coinlens-audit-cli-'));
    mkdirSync(join(root, 'venue-a'));
    writeFileSync(join(root, 'venue-a', 'BTC-USD.trades.csv'), auditTape(400));
    const json = await audit([root, '--json']);
    expect(json.code).toBe(0);
    const document = JSON.parse(json.stdout) as {
      methodology_version: string;
      venues: Record<string, unknown>[];
    };
    expect(document.methodology_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.venues).toHaveLength(1);
    expect(Object.keys(document.venues[0]!).sort()).toEqual([
      'counted_usd',
      'flags',
      'id',
      'integrity',
      'reported_usd',
    ]);
    expect(document.venues[0]!['id']).toBe('venue-a');
    const table = await audit([root]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('venue-a');
  }, 60_000);

  it('exits 2 with one line naming the file and line on bad input', async () => {
    const root = mkdtempSync(join(tmpdir(), 'coinlens-audit-cli-'));
    mkdirSync(join(root, 'venue-b'));
    writeFileSync(join(root, 'venue-b', 'ETH-USD.trades.csv'), 'timestamp_ms,price,amount,side\n1,x,1,buy\n');
    const result = await audit([root, '--json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/ETH-USD\.trades\.csv:2: price "x"/);
    expect((await audit([])).code).toBe(2);
  }, 60_000);
});
