// First: V8's heap and glibc's allocator settings take effect before the rest is loaded.
import './runtime/heap-tuning.js';
import { getHeapStatistics } from 'node:v8';

import { keepReturningFreedMemory, nativeAllocatorTuned } from './config/native-allocator.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';

/** How often freed native memory goes back to the system once start-up is done (a trim takes under a millisecond). */
const FREED_MEMORY_INTERVAL_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const { app, services } = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => {
    app.log.fatal({ err: reason }, 'unhandled promise rejection');
    shutdown('unhandledRejection');
  });

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  void services.market.role.settled.then(() => {
    keepReturningFreedMemory(FREED_MEMORY_INTERVAL_MS);
    app.log.info('start-up work done: freed native memory is returned every 10 s');
  });
  app.log.info(
    { heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20), nativeAllocatorTuned },
    `Coinlens is serving on ${address.replace('0.0.0.0', 'localhost')} (database: ${config.DATABASE_URL ? 'postgres' : 'sqlite'})`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Coinlens failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
