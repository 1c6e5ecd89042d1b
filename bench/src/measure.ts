import autocannon from 'autocannon';
import type { BenchRequest } from './scenario.js';
import { percentile } from './stats.js';

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface Measurement {
  /** Mean of autocannon's one-second samples of answered requests. */
  requestsPerSecond: number;
  /** Latency of 2xx answers in milliseconds, with sub-millisecond precision. */
  p50: number;
  p99: number;
  /** Answers counted in the measured window. */
  total: number;
  /** Why the figures should not be trusted (wrong statuses, errors, time-outs); empty when clean. */
  problems: string[];
}

/**
 * Runs autocannon against one server. autocannon's own latency histogram keeps whole
 * milliseconds, which flattens a local p50 of 0.8 ms to 0 or 1, so latencies are collected here
 * from its per-response event (hrtime, fractional ms) instead.
 */
export function load(port: number, request: BenchRequest, options: LoadOptions): Promise<Measurement> {
  const expected = request.expectStatus ?? 200;
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${request.path}`,
        method: request.method ?? 'GET',
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.body !== undefined ? { body: request.body } : {}),
        connections: options.connections,
        pipelining: 1,
        duration: options.duration,
        timeout: 10,
        ...(request.morePaths?.length
          ? { requests: [request.path, ...request.morePaths].map((path) => ({ path })) }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = Float64Array.from(latencies).sort();
        const problems: string[] = [];
        for (const [status, count] of statuses) {
          if (status !== expected) problems.push(`${count} answers ${status} (expected ${expected})`);
        }
        if (result.errors) problems.push(`${result.errors} errors`);
        if (result.timeouts) problems.push(`${result.timeouts} time-outs`);
        resolve({
          requestsPerSecond: result.requests.average,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          total: [...statuses.values()].reduce((a, b) => a + b, 0),
          problems,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      if (statusCode === expected) latencies.push(ms);
    });
  });
}

/**
 * One request (one per path) before any load, so a broken scenario fails with its answer instead
 * of a figure.
 */
export async function preflight(port: number, request: BenchRequest): Promise<void> {
  const expected = request.expectStatus ?? 200;
  const init: RequestInit = { method: request.method ?? 'GET' };
  if (request.headers) init.headers = request.headers;
  if (request.body !== undefined) init.body = request.body;
  for (const path of [request.path, ...(request.morePaths ?? [])]) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
    const text = await res.text();
    if (res.status !== expected) {
      throw new Error(
        `${request.method ?? 'GET'} ${path} answered ${res.status} (expected ${expected}): ${text.slice(0, 300)}`,
      );
    }
  }
}
