/**
 * glibc's malloc, tuned from inside the server (docs/performance.md, "The native allocator"). Array buffers
 * (the candle history's columns), compression and SQLite live in glibc's main arena. Two of its defaults cost
 * this server ~40 MB of resident memory that nothing uses:
 *
 * - The mmap threshold adapts: once a large block that came from mmap is freed, blocks up to that size come
 *   from the arena instead, where they leave holes between long-lived buffers that the arena can only give
 *   back from its top. A fixed threshold (256 KiB) keeps every larger block in its own mapping, returned whole.
 * - Freed memory in the middle of the arena stays resident until `malloc_trim` hands its pages back, which
 *   glibc does on its own only from the top.
 *
 * Arenas are capped at two as well, for the few threads that allocate (V8's helpers, libuv's pool).
 *
 * Both are glibc calls, reached through koffi (an FFI with prebuilt binaries, nothing to compile), required
 * rather than imported so that a platform koffi cannot load starts all the same. Where there is no glibc
 * (musl, macOS, Windows), koffi cannot load or COINLENS_NATIVE_ALLOCATOR is `off`, nothing changes and
 * `nativeAllocatorTuned` is false.
 */
import { createRequire } from 'node:module';

import type * as Koffi from 'koffi';

/** mallopt's parameter numbers (malloc.h). */
const M_MMAP_THRESHOLD = -3;
const M_ARENA_MAX = -8;
const MMAP_THRESHOLD_BYTES = 256 * 1024;
/** Threads that allocate share two arenas instead of up to eight per core. */
const ARENA_MAX = 2;

interface Allocator {
  trim(): void;
}

function loadGlibc(): Allocator | null {
  if (process.platform !== 'linux' || process.env.COINLENS_NATIVE_ALLOCATOR === 'off') return null;
  // musl has no libc.so.6, and a shim without these functions fails the lookup: both end in the catch.
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    const libc = koffi.load('libc.so.6');
    const mallopt = libc.func('int mallopt(int param, int value)') as (
      param: number,
      value: number,
    ) => number;
    const mallocTrim = libc.func('int malloc_trim(size_t pad)') as (pad: number) => number;
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES);
    mallopt(M_ARENA_MAX, ARENA_MAX);
    return { trim: () => void mallocTrim(0) };
  } catch {
    return null;
  }
}

const allocator = loadGlibc();

/** Whether the allocator was tuned (glibc found and koffi loaded). */
export const nativeAllocatorTuned = allocator !== null;

/** Gives the pages of freed memory anywhere in the arenas back to the system (under a millisecond here). */
export function returnFreedMemory(): void {
  allocator?.trim();
}

/** Returns freed memory now and then every `intervalMs` (the timer never keeps the process alive). */
export function keepReturningFreedMemory(intervalMs: number): void {
  if (!allocator) return;
  allocator.trim();
  setInterval(() => allocator.trim(), intervalMs).unref();
}
