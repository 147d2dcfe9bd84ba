#!/usr/bin/env node
// Runs every workspace's test suite in turn (contract, simulator, server, web, then the browser tests against a fresh
// build) and ends with one summary line `N passed, N failed, N skipped` summed over all suites.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.test-reports');
const suites = [
  { name: 'contract', dir: 'packages/contract' },
  { name: 'market-simulator', dir: 'packages/market-simulator' },
  { name: 'attack-lab', dir: 'packages/attack-lab' },
  { name: 'server', dir: 'apps/server' },
  { name: 'web', dir: 'apps/web' },
  { name: 'e2e', dir: 'e2e', needsBuild: true },
];
const only = process.argv.slice(2);

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command, args, cwd) {
  return spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env }).status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const broken = [];
for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  if (suite.needsBuild && run('npm', ['run', 'build'], root) !== 0) {
    broken.push(`${suite.name} (build failed)`);
    continue;
  }
  const reportFile = path.join(reports, `${suite.name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
    path.join(root, suite.dir),
  );
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    broken.push(`${suite.name} (no report, exit ${status})`);
    continue;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (status !== 0 && report.numFailedTests === 0) broken.push(`${suite.name} (exit ${status})`);
}

if (broken.length > 0) process.stdout.write(`\nSuites that did not complete: ${broken.join(', ')}\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 || broken.length > 0 || totals.passed === 0 ? 1 : 0);
