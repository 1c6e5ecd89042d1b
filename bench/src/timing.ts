import { performance } from 'node:perf_hooks';
import { percentile } from './stats.js';

export interface Timing {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  total: number;
}

/** Latency figures of a list of samples in milliseconds, over a window of `windowMs`. */
export function summarize(samples: readonly number[], windowMs: number): Timing {
  const sorted = Float64Array.from(samples).sort();
  return {
    perSecond: windowMs > 0 ? samples.length / (windowMs / 1000) : Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    total: samples.length,
  };
}

/**
 * Calls `operation(i)` one at a time (i counts up from 0) for `seconds` after `warmup` seconds
 * that are not counted.
 */
export async function sequential(
  operation: (i: number) => Promise<unknown> | unknown,
  seconds: number,
  warmup = 0,
): Promise<Timing> {
  let i = 0;
  const warmEnd = performance.now() + warmup * 1000;
  while (performance.now() < warmEnd) await operation(i++);
  const samples: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  let last = start;
  while (last < end) {
    const t0 = performance.now();
    await operation(i++);
    last = performance.now();
    samples.push(last - t0);
  }
  return summarize(samples, last - start);
}
