import { afterEach, describe, expect, it, vi } from 'vitest';

const onGlibc =
  process.platform === 'linux' &&
  Boolean(
    (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header
      ?.glibcVersionRuntime,
  );

describe('native allocator tuning', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.runIf(onGlibc)('reaches glibc through koffi where glibc runs, and trims without failing', async () => {
    const allocator = await import('./native-allocator.js');
    expect(allocator.nativeAllocatorTuned).toBe(true);
    expect(() => allocator.returnFreedMemory()).not.toThrow();
  });

  it('leaves the allocator alone when told to', async () => {
    vi.stubEnv('COINLENS_NATIVE_ALLOCATOR', 'off');
    vi.resetModules();
    const allocator = await import('./native-allocator.js');
    expect(allocator.nativeAllocatorTuned).toBe(false);
    expect(() => allocator.returnFreedMemory()).not.toThrow();
  });
});
