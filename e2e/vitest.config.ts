import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // One browser and one server at a time: the machine has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser, a server and its simulator share two cores here: a save's round trip can outlast vitest's 1 s
    // default for expect.poll (CI failed the watch-list editor's keyboard and remove tests that way).
    expect: { poll: { timeout: 10_000 } },
  },
});
