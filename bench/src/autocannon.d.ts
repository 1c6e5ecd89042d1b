// The part of autocannon 9's API the harness uses (the package ships no types; @types/autocannon
// is not installed, and these few lines are all the harness needs).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      headers?: Record<string, string>;
      body?: string;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      title?: string;
      /** Sent in turn by every connection, round and round; a request without a path uses url's. */
      requests?: Array<{
        method?: Options['method'];
        path?: string;
        headers?: Record<string, string>;
        body?: string;
      }>;
    }

    /** Figures of one histogram; latency in milliseconds, requests in requests per second. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
      total?: number;
      sent?: number;
    }

    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
    }

    interface Instance extends EventEmitter {
      stop(): void;
      /** statusCode, bytes of the answer, and its latency in (fractional) milliseconds. */
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
      ): this;
      on(event: string, listener: (...args: any[]) => void): this;
    }
  }

  function autocannon(
    opts: autocannon.Options,
    cb: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export default autocannon;
}
