// Main-thread work per live tick on the Markets tab, in Chromium at 390×844 with the CPU slowed 4×, "Live" refresh:
// a performance trace of TICK_SECONDS once the page has settled; every WebSocket message is marked in the trace
// (a listener added before the app's), and a tick's cost is the main thread's task time from the task that
// received it to the task that receives the next one (so timers and frames in between count against it).
// Also the JS heap (after a forced collection) at 1 minute and at SOAK_MINUTES. Used by web-budgets.mjs.
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const TICK_MARK = 'coinlens-live-frame';

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** Marks each WebSocket message in the trace before the app sees it (runs in the page). */
/* global window */
function markFrames(mark) {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => performance.mark(mark));
    }
  };
}

async function trace(cdp, seconds) {
  const events = [];
  const onData = (data) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', onData);
  return events;
}

/** Per-tick main-thread time (ms, at the slowed CPU) from a trace. */
function tickCosts(events) {
  const thread = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  if (!thread) throw new Error('no renderer main thread in the trace');
  const onMain = (event) => event.pid === thread.pid && event.tid === thread.tid;
  const tasks = events
    .filter((event) => onMain(event) && event.ph === 'X' && event.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts);
  const marks = events
    .filter((event) => event.name === TICK_MARK && event.pid === thread.pid)
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  // The task that received each frame; frames handled in one task count as one tick.
  const starts = [];
  for (const mark of marks) {
    const task = tasks.find((candidate) => candidate.ts <= mark && mark <= candidate.ts + candidate.dur);
    const start = task ? task.ts : mark;
    if (starts.at(-1) !== start) starts.push(start);
  }
  const costs = [];
  for (let index = 0; index + 1 < starts.length; index += 1) {
    const from = starts[index];
    const to = starts[index + 1];
    const busy = tasks
      .filter((task) => task.ts >= from && task.ts < to)
      .reduce((sum, task) => sum + task.dur, 0);
    costs.push(busy / 1000);
  }
  const longTasks = tasks.filter((task) => task.dur / 1000 > 50).length;
  return { costs: costs.sort((a, b) => a - b), longTasks };
}

async function heapMb(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

/**
 * Opens the Markets tab of `base`, waits `settleSeconds`, traces `tickSeconds`; with `soakMinutes` > 0 also
 * reads the heap at 1 minute and at `soakMinutes`.
 */
export async function measureTicks(base, { settleSeconds = 15, tickSeconds = 60, soakMinutes = 0 } = {}) {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75 });
    await page.addInitScript(markFrames, TICK_MARK);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const opened = Date.now();
    await page.goto(`${base}/#/pages/tabbar/market/index`);
    await page.waitForSelector('[data-testid="coins-coins-rows"] [data-coin-id]', { timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    const { costs, longTasks } = tickCosts(await trace(cdp, tickSeconds));
    const result = {
      ticks: costs.length,
      tick_p50_ms: Number(percentile(costs, 50).toFixed(1)),
      tick_p95_ms: Number(percentile(costs, 95).toFixed(1)),
      tick_max_ms: Number((costs.at(-1) ?? Number.NaN).toFixed(1)),
      long_tasks_while_ticking: longTasks,
    };
    if (soakMinutes > 0) {
      const waitUntil = (minutes) =>
        new Promise((resolve) => setTimeout(resolve, Math.max(0, opened + minutes * 60_000 - Date.now())));
      await waitUntil(1);
      result.heap_1min_mb = Number((await heapMb(cdp)).toFixed(1));
      await waitUntil(soakMinutes);
      result[`heap_${soakMinutes}min_mb`] = Number((await heapMb(cdp)).toFixed(1));
    }
    return result;
  } finally {
    await browser.close();
  }
}
