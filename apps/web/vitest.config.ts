import { defineConfig, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      clearMocks: true,
      restoreMocks: true,
      unstubGlobals: true,
      // jsdom applies no CSS, so antd-mobile's px-size probe always complains there; nothing to act on.
      onConsoleLog: (log) => !log.includes('The px tester is not rendering properly'),
      projects: [
        {
          extends: true,
          test: {
            name: 'app',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['./src/testing/setup.ts'],
          },
        },
        // The size budgets build the app in Node: no DOM, no app setup.
        { extends: true, test: { name: 'budget', environment: 'node', include: ['budget/**/*.test.ts'] } },
      ],
    },
  }),
);
