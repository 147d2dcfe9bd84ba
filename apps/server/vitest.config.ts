import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@coinlens/attack-lab': fileURLToPath(
        new URL('../../packages/attack-lab/src/index.ts', import.meta.url),
      ),
      '@coinlens/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      '@coinlens/market-model': fileURLToPath(
        new URL('../../packages/market-model/src/index.ts', import.meta.url),
      ),
      '@coinlens/market-simulator': fileURLToPath(
        new URL('../../packages/market-simulator/src/index.ts', import.meta.url),
      ),
      '@coinlens/score': fileURLToPath(new URL('../../packages/score/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Vitest's default on two cores is one worker re-importing the server's module graph for each of ~180 files:
    // two workers that keep their modules between files take the suite from 404 to 192 s here. Every file builds
    // its own server, database and Redis prefix, so nothing of one file is seen by the next.
    maxWorkers: 2,
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
