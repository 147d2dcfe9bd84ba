// Loaded into the server by the start-up and memory benches (`node --import bench/event-loop-probe.mjs …`): on
// SIGUSR2 it writes the event-loop delay since the last report (perf_hooks.monitorEventLoopDelay) and the
// memory figures to BENCH_PROBE_FILE as one JSON object, then starts a new delay window. Nothing in the server
// changes, and nothing is exposed over the network.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns) => Number((ns / 1e6).toFixed(2));
  process.on('SIGUSR2', () => {
    const memory = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        delay: {
          samples: delay.count,
          p50_ms: ms(delay.percentile(50)),
          p99_ms: ms(delay.percentile(99)),
          max_ms: ms(delay.max),
        },
        rss_mb: memory.rss / 1e6,
        heap_used_mb: memory.heapUsed / 1e6,
        heap_total_mb: memory.heapTotal / 1e6,
        external_mb: memory.external / 1e6,
        array_buffers_mb: memory.arrayBuffers / 1e6,
        heap_limit_mb: heap.heap_size_limit / 1e6,
        // Resident size of each V8 space (new, old, code, large objects…): where the heap's pages are.
        heap_spaces_mb: Object.fromEntries(
          v8
            .getHeapSpaceStatistics()
            .map((space) => [space.space_name, Math.round(space.physical_space_size / 1e5) / 10]),
        ),
      }),
    );
    delay.reset();
  });
}
