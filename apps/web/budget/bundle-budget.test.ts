// Size budgets of the web app (issue 23): sizes are deterministic, so they are tests; speed is measured in
// bench/web-budgets.mjs. A failure lists the modules that fill the budget.
import { beforeAll, describe, expect, it } from 'vitest';

import { buildBundleReport, describeModules, type BundleReport } from './bundle-report';

/** The entry and everything it imports statically, gzip -9. */
const INITIAL_JS_BUDGET_KIB = 130;
/** Any one lazy chunk, except the chart library's. */
const LAZY_CHUNK_BUDGET_KIB = 100;
const CHART_LIBRARY = 'lightweight-charts';

let report: BundleReport;

beforeAll(async () => {
  report = await buildBundleReport();
}, 120_000);

describe('web bundle budget', () => {
  it(`keeps the initial JavaScript within ${INITIAL_JS_BUDGET_KIB} KiB gzip`, () => {
    expect(report.initial.length).toBeGreaterThan(0);
    const kib = report.initialGzipBytes / 1024;
    expect(
      kib,
      `initial JavaScript is ${kib.toFixed(1)} KiB in ${report.initial.length} files; largest modules:\n${describeModules(report.initialModules)}`,
    ).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KIB);
  });

  it('attributes the initial bytes to modules, React DOM the largest', () => {
    const attributed = report.initialModules.reduce((sum, entry) => sum + entry.gzipBytes, 0);
    expect(Math.abs(attributed - report.initialGzipBytes)).toBeLessThanOrEqual(
      report.initialModules.length / 2 + 1,
    ); // each share is rounded to a byte
    expect(report.initialModules[0]?.module).toBe('react-dom');
  });

  it(`keeps every lazy chunk but the chart library's within ${LAZY_CHUNK_BUDGET_KIB} KiB gzip`, () => {
    expect(report.lazy.length).toBeGreaterThan(10);
    const over = report.lazy.filter(
      (chunk) =>
        chunk.gzipBytes / 1024 > LAZY_CHUNK_BUDGET_KIB &&
        report.lazyModules[chunk.file]?.[0]?.module !== CHART_LIBRARY,
    );
    const details = over
      .map(
        (chunk) =>
          `${chunk.file} ${(chunk.gzipBytes / 1024).toFixed(1)} KiB:\n${describeModules(report.lazyModules[chunk.file] ?? [])}`,
      )
      .join('\n');
    expect(over, details).toEqual([]);
  });

  it('keeps what only later screens need out of the initial JavaScript', () => {
    const initial = new Set(report.initialModules.map((entry) => entry.module));
    for (const late of ['@react-spring/core', 'lightweight-charts', 'dompurify', 'qrcode', 'zod'])
      expect(initial.has(late), `${late} is in the initial JavaScript`).toBe(false);
  });
});
