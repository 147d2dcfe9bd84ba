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
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
