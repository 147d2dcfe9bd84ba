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
    // A file with settings of its own starts its own built app; beside the live soak on the two cores that start
    // outlasted 120 s once (2026-11-30, the offline suite), and 200 s twice when a first score run timed out
    // (support/app-server.ts waits up to 540 s for the market).
    hookTimeout: 600_000,
    // A browser, a server and its simulator share two cores here: a save's round trip can outlast vitest's 1 s
    // default for expect.poll (CI failed the watch-list editor's keyboard and remove tests that way).
    expect: { poll: { timeout: 10_000 } },
  },
});
