#!/usr/bin/env node
// Runs every workspace's test suite in turn (contract, simulator, server, web, then the browser tests against a fresh
// build) and ends with one summary line `N passed, N failed, N skipped` summed over all suites.
import { spawn, spawnSync } from 'node:child_process';
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

const TAIL_LINES = 120;

/**
 * Runs a suite with its output passed through, keeping its last TAIL_LINES lines: when a suite fails without a
 * failed test (an unhandled error, a file that did not load, a crashed worker), its cause is printed again at
 * the end, where a CI log's tail shows it.
 */
function runSuite(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd, env: process.env, stdio: ['inherit', 'pipe', 'pipe'] });
    let tail = [];
    const keep = (chunk, stream) => {
      stream.write(chunk);
      tail = tail.concat(chunk.toString('utf8').split('\n')).slice(-TAIL_LINES);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code) => resolve({ status: code ?? 1, tail: tail.join('\n') }));
  });
}

/** The files a JSON report marks failed, with their messages: a file that did not load has no failed test. */
function failedFiles(report) {
  return (report.testResults ?? [])
    .filter((file) => file.status === 'failed')
    .map((file) => `  ${path.relative(root, file.name)}: ${String(file.message ?? '').slice(0, 2000)}`);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const broken = [];
const causes = [];
for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  if (suite.needsBuild && run('npm', ['run', 'build'], root) !== 0) {
    broken.push(`${suite.name} (build failed)`);
    continue;
  }
  const reportFile = path.join(reports, `${suite.name}.json`);
  const { status, tail } = await runSuite(
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
    path.join(root, suite.dir),
  );
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    broken.push(`${suite.name} (no report, exit ${status})`);
    causes.push(`--- ${suite.name}: the last lines it printed ---\n${tail}`);
    continue;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (status !== 0 && report.numFailedTests === 0) {
    broken.push(`${suite.name} (exit ${status})`);
    causes.push(
      [
        `--- ${suite.name}: failed without a failed test ---`,
        ...failedFiles(report),
        'The last lines it printed:',
        tail,
      ].join('\n'),
    );
  }
}

if (causes.length > 0) process.stdout.write(`\n${causes.join('\n\n')}\n`);
if (broken.length > 0) process.stdout.write(`\nSuites that did not complete: ${broken.join(', ')}\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 || broken.length > 0 || totals.passed === 0 ? 1 : 0);
