/**
 * Long builds (years of daily candles, every ticker of a tick) hand the event loop back between slices. The host
 * decides how: a server shares one budget per turn among all its sliced jobs and passes its own slicer; on its
 * own the simulator yields with `setImmediate` once a slice has run its length.
 */
export interface Slices {
  /** Returns at once inside a slice; past its length, after the event loop has had a turn. */
  pause(): Promise<void>;
}

/** Makes the slicer of one build, given the slice length in milliseconds. */
export type SlicesFactory = (sliceMs: number) => Slices;

export const immediateSlices: SlicesFactory = (sliceMs) => {
  let sliceStartedAt = performance.now();
  return {
    async pause() {
      if (performance.now() - sliceStartedAt < sliceMs) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStartedAt = performance.now();
    },
  };
};
