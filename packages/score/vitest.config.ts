import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@coinlens/attack-lab': fileURLToPath(new URL('../attack-lab/src/index.ts', import.meta.url)),
      '@coinlens/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
      '@coinlens/market-model': fileURLToPath(new URL('../market-model/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
