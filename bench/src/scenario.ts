import type { FastifyInstance } from 'fastify';

/** Where a scenario's server keeps its data. */
export type Engine = 'postgres' | 'pglite';

/** What the harness gives a scenario's server, in its own process. */
export interface BenchEnv {
  /** A fresh PostgreSQL database made for this run (dropped at its end); empty when skipped. */
  databaseUrl: string;
  /** An empty folder for this scenario alone (PGlite data, jwt secret...), removed afterwards. */
  workDir: string;
}

/** The request autocannon repeats against the server. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. `/health`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Status every answer must have for the figures to count; 200 unless said. */
  expectStatus?: number;
}

/** A server ready to be measured: not yet listening (the harness listens on 127.0.0.1). */
export interface Target {
  app: FastifyInstance;
  request: BenchRequest;
  /** Closes the server, pools and databases it opened. */
  close(): Promise<void>;
}

export interface Scenario {
  /** Short and stable: it names the row in bench/RESULTS.md across runs. */
  id: string;
  /** One line: what the figure measures. */
  title: string;
  engine: Engine;
  /** The id of the scenario whose req/s this one is divided by; baselines have none. */
  baseline?: string;
  /**
   * Concurrent connections for this scenario, when the run's number (BENCH_CONNECTIONS) does not
   * suit it: a CPU-bound route (login, argon2) only queues requests beyond a few per core.
   */
  connections?: number;
  /** Builds the server under test. Runs in a child process of its own, never beside autocannon. */
  start(env: BenchEnv): Promise<Target>;
}

export function defineScenario(scenario: Scenario): Scenario {
  return scenario;
}

/**
 * A measurement that is not an HTTP load (say, argon2 hashes per second): it runs for a fixed
 * time in a process of its own, and reports one or more rows of operations per second.
 */
export interface Probe {
  /** Short and stable, like a scenario's; BENCH_ONLY selects probes by it too. */
  id: string;
  /** One line: what it measures. */
  title: string;
  run(options: ProbeOptions): Promise<ProbeResult>;
}

export interface ProbeOptions {
  /** Seconds measured per row. */
  duration: number;
  /** Seconds of work before each row is measured, not counted. */
  warmup: number;
}

export interface ProbeRow {
  /** Stable across runs, like a scenario id. */
  id: string;
  what: string;
  /** Operations completed per second over the measured window. */
  perSecond: number;
  /** Time each operation took, in milliseconds. */
  p50: number;
  p99: number;
  /** Operations counted in the measured window. */
  total: number;
}

export interface ProbeResult {
  rows: ProbeRow[];
  /** Sentences printed under the table: the settings measured, and what they mean. */
  notes: string[];
}

export function defineProbe(probe: Probe): Probe {
  return probe;
}
