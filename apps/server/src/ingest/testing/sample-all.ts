import type { VenueTicker } from '@coinlens/market-model';
import type { VenueSample, VenueSampler } from '../venue-sampler.js';

/** Every venue's sample of one run, kept together (the scorer reduces each as it arrives instead). */
export async function sampleAll(
  sampler: VenueSampler,
  tickers: readonly VenueTicker[],
  signal: AbortSignal = new AbortController().signal,
): Promise<VenueSample[]> {
  const samples: VenueSample[] = [];
  await sampler.sample(tickers, signal, (sample) => {
    samples.push(sample);
  });
  return samples;
}
