import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // One built app for the files that need no settings of their own (support/shared-app.ts).
    globalSetup: ['./support/shared-app.ts'],
    // Two files at a time: most of a browser test is waiting on the page, the server or a tick, so two of them
    // share the two cores without either starving.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser, a server and its simulator share two cores here: a save's round trip can outlast vitest's 1 s
    // default for expect.poll (CI failed the watch-list editor's keyboard and remove tests that way).
    expect: { poll: { timeout: 10_000 } },
  },
});
