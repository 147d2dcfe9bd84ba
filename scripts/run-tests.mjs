#!/usr/bin/env node
// Runs every workspace's test suite in turn (contract, simulator, server, web, then the browser tests against a fresh
// build), each suite's time printed as it ends, and ends with one summary line `N passed, N failed, N skipped` summed
// over all suites. The live soak (minutes of a live server's real schedule, mostly waiting) runs beside the web suite
// and the browser tests' build, and the browser tests wait for it: on two cores that hides most of its time.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.test-reports');
const SOAK = 'test/live-soak.test.ts';
const suites = [
  { name: 'contract', dir: 'packages/contract', quick: true },
  { name: 'market-simulator', dir: 'packages/market-simulator', quick: true },
  { name: 'attack-lab', dir: 'packages/attack-lab', quick: true },
  { name: 'score', dir: 'packages/score', quick: true },
  // Quick: the unit tests beside the code (src/), not the integration files that start a server (test/).
  { name: 'server', dir: 'apps/server', args: ['--exclude', SOAK], quickArgs: ['src'] },
  { name: 'live-soak', dir: 'apps/server', args: [SOAK], background: true },
  { name: 'web', dir: 'apps/web' },
  { name: 'e2e', dir: 'e2e', needsBuild: true, waitsFor: ['live-soak'] },
];
// `--quick` (npm run test:quick) is the inner loop: the contract, the packages and the server's unit tests, no
// browser, no build, no soak. Names narrow either run to those suites: `npm test -- web e2e`.
const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).filter((arg) => arg !== '--quick');
const chosen = suites
  .filter((suite) => !quick || suite.quick || suite.quickArgs)
  .map((suite) => (quick && suite.quickArgs ? { ...suite, args: suite.quickArgs } : suite));

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Runs a command to its end, its output passed through; the event loop keeps serving background suites. */
function run(command, args, cwd) {
  return new Promise((resolve) => {
    spawn(command, args, { cwd, stdio: 'inherit', env: process.env }).on('close', (code) =>
      resolve(code ?? 1),
    );
  });
}

const TAIL_LINES = 120;

/**
 * Runs a suite with its output passed through, keeping its last TAIL_LINES lines: when a suite fails without a
 * failed test (an unhandled error, a file that did not load, a crashed worker), its cause is printed again at
 * the end, where a CI log's tail shows it. A suite in the background keeps its output and prints it once done,
 * so it never interleaves with the suite in front.
 */
function runSuite(args, cwd, background) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd, env: process.env, stdio: ['inherit', 'pipe', 'pipe'] });
    let tail = [];
    const held = [];
    const keep = (chunk, stream) => {
      if (background) held.push(chunk);
      else stream.write(chunk);
      tail = tail.concat(chunk.toString('utf8').split('\n')).slice(-TAIL_LINES);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code) => {
      if (background) process.stdout.write(Buffer.concat(held));
      resolve({ status: code ?? 1, tail: tail.join('\n') });
    });
  });
}

/** The files a JSON report marks failed, with their messages: a file that did not load has no failed test. */
function failedFiles(report) {
  return (report.testResults ?? [])
    .filter((file) => file.status === 'failed')
    .map((file) => `  ${path.relative(root, file.name)}: ${String(file.message ?? '').slice(0, 2000)}`);
}

/** Every failed test of a report with the first lines of its failure: a CI log's tail must name what failed. */
function failedTests(suite, report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 12).join('\n    ');
        return `  ${suite.name} › ${path.relative(root, file.name)} › ${test.fullName}\n    ${message}`;
      }),
  );
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const broken = [];
const failures = [];
const causes = [];
/** Suites running in the background, by name, settling once their results are counted. */
const running = new Map();
const seconds = (started) => ((performance.now() - started) / 1_000).toFixed(0);

async function runVitest(suite) {
  const started = performance.now();
  const reportFile = path.join(reports, `${suite.name}.json`);
  const { status, tail } = await runSuite(
    [
      'vitest',
      'run',
      ...(suite.args ?? []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    path.join(root, suite.dir),
    suite.background === true,
  );
  count(suite, status, tail, reportFile);
  process.stdout.write(`\nsuite ${suite.name}: ${seconds(started)} s\n`);
}

function count(suite, status, tail, reportFile) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    broken.push(`${suite.name} (no report, exit ${status})`);
    causes.push(`--- ${suite.name}: the last lines it printed ---\n${tail}`);
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  failures.push(...failedTests(suite, report));
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

const started = performance.now();
for (const suite of chosen) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  if (suite.background) {
    running.set(suite.name, runVitest(suite));
    continue;
  }
  const built = !suite.needsBuild || (await run('npm', ['run', 'build'], root)) === 0;
  await Promise.all((suite.waitsFor ?? []).map((name) => running.get(name)));
  if (!built) {
    broken.push(`${suite.name} (build failed)`);
    continue;
  }
  await runVitest(suite);
}
await Promise.all(running.values());
process.stdout.write(`\nall suites: ${seconds(started)} s\n`);

if (failures.length > 0) process.stdout.write(`\nFailed tests:\n${failures.join('\n\n')}\n`);
if (causes.length > 0) process.stdout.write(`\n${causes.join('\n\n')}\n`);
if (broken.length > 0) process.stdout.write(`\nSuites that did not complete: ${broken.join(', ')}\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 || broken.length > 0 || totals.passed === 0 ? 1 : 0);
